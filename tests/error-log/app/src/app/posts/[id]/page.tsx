import { connection } from '@kit/core/request';

type Post = { title: string };
const posts: Record<string, Post> = { '1': { title: 'first' } };

function Post({ post }: { post: Post | undefined }) {
  return <h1>{post!.title}</h1>;
}

// /posts/1 renders; any other id throws a TypeError in <Post>, line 7.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  return <main><Post post={posts[id]} /></main>;
}
