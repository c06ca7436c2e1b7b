export default function About() {
  return (
    <article>
      <h1>About</h1>
      <p style={{ color: 'rebeccapurple', marginTop: 0, lineHeight: 1.5 }}>
        kit renders React server components without Node.js at run time.
      </p>
      <div dangerouslySetInnerHTML={{ __html: '<em>trusted markup</em>' }} />
    </article>
  );
}
