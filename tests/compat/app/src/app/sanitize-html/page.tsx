import sanitizeHtml from 'sanitize-html';

const dirty = '<p onclick="evil()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:x" target="_blank">link</a> <img src="x.png" onerror="bad"> <span style="color: red; position: fixed">styled</span></p><iframe src="//evil"></iframe>';

export default function Page() {
  const html = sanitizeHtml(dirty);
  const custom = sanitizeHtml(dirty, { allowedTags: ['p', 'span', 'img'], allowedAttributes: { span: ['style'], img: ['src'] }, allowedStyles: { span: { color: [/^red$/] } } });
  return <main id="compat"><pre>{html}</pre><pre>{custom}</pre></main>;
}
