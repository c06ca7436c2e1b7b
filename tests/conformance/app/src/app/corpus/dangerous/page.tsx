// dangerouslySetInnerHTML: written raw, never escaped.
export default function Page() {
  return (
    <div>
      <div dangerouslySetInnerHTML={{ __html: '<p class="x">raw <b>&amp;</b> & <i>unescaped</i></p>' }} />
      <section id="s" dangerouslySetInnerHTML={{ __html: 'ünïcödé 😀 \u2028 <!-- comment -->' }} />
      <script dangerouslySetInnerHTML={{ __html: 'var a = "</div>"; if (1 < 2) {}' }} />
      <style dangerouslySetInnerHTML={{ __html: 'p > b { color: red }' }} />
      <span dangerouslySetInnerHTML={{ __html: '' }} />
    </div>
  );
}
