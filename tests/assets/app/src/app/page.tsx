// Image imports are { src, width, height }, as in Next.js; kit.config.json
// maps .md and .txt to text and .bin to a URL.
import logo from './logo.png';
import dot from './dot.gif';
import icon from './icon.svg';
import notes from '../../content/notes.md';
import hello from '../../content/hello.txt';
import blob from '../../content/blob.bin';

export default function Home() {
  return (
    <main>
      <img id="logo" src={logo.src} width={logo.width} height={logo.height} alt="logo" />
      <img id="dot" src={dot.src} width={dot.width} height={dot.height} alt="" />
      <img id="icon" src={icon.src} width={icon.width} height={icon.height} alt="" />
      <pre id="notes">{notes}</pre>
      <p id="hello">{hello.trim()}</p>
      <a id="blob" href={blob}>blob</a>
    </main>
  );
}
