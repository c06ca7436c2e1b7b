import { notFound } from '@kit/core/redirect';
import { getAllPosts, getPostBySlug } from '@/lib/api';
import { CMS_NAME } from '@/lib/constants';
import markdownToHtml from '@/lib/markdownToHtml';
import Alert from '@/components/alert';
import Container from '@/components/container';
import Header from '@/components/header';
import { PostBody } from '@/components/post-body';
import { PostHeader } from '@/components/post-header';

type Params = { params: Promise<{ slug: string }> };

export default async function Post(props: Params) {
  const params = await props.params;
  const post = getPostBySlug(params.slug);
  if (!post) return notFound();
  const content = await markdownToHtml(post.content || '');

  return (
    <main>
      <Alert preview={post.preview} />
      <Container>
        <Header />
        <article className="mb-32">
          <PostHeader title={post.title} coverImage={post.coverImage} date={post.date} author={post.author} />
          <PostBody content={content} />
        </article>
      </Container>
    </main>
  );
}

export async function generateMetadata(props: Params) {
  const params = await props.params;
  const post = getPostBySlug(params.slug);
  if (!post) return notFound();
  const title = `${post.title} | kit Blog Example with ${CMS_NAME}`;
  return { title, openGraph: { title, images: [post.ogImage.url] } };
}

export async function generateStaticParams() {
  return getAllPosts().map((post) => ({ slug: post.slug }));
}
