// react-golden/cases-html.jsx 17-form-and-misc (onChange handlers dropped: no functions in server components).
export default function Page() {
  return (
    <form action="/submit" method="post">
      <input type="checkbox" checked={true} />
      <select value="2"><option value="1">one</option><option value="2">two</option></select>
      <textarea value="v" />
      <button type="submit" disabled>go</button>
    </form>
  );
}
