import { getAllPosts } from '../lib/posts';

// Stored at build time from the files.
export default function Home() {
  return (
    <ul id="posts">
      {getAllPosts().map((p) => (
        <li key={p.slug}>
          <a href={`/posts/${p.slug}`}>{p.title}</a> {p.date}
        </li>
      ))}
    </ul>
  );
}
