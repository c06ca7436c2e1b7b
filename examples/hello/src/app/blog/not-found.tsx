export default function PostNotFound() {
  return <p className="post-not-found">No such post.</p>;
}
