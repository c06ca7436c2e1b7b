// react-golden/cases-html.jsx 06-dangerous-html
export default function Page() {
  return (
    <div>
      <span dangerouslySetInnerHTML={{ __html: '<b>raw & unescaped</b>' }} />
      <script dangerouslySetInnerHTML={{ __html: 'if (a < b && c) {}' }} />
      <style>{'a > b { color: red } </style>'}</style>
    </div>
  );
}
