import { connection } from '@kit/core/request';

// Lists no URLs and declares itself per request: generateMetadata reading the
// unknown params at build time must not fail the build.
export async function generateMetadata({ params }: { params: Promise<{ tag: string }> }) {
  const { tag } = await params;
  return { title: { absolute: `Tag ${tag}` } };
}

export default async function Tag({ params }: { params: Promise<{ tag: string }> }) {
  await connection();
  const { tag } = await params;
  return <h1>tag {tag}</h1>;
}
