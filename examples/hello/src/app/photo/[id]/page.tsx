import { connection } from '@kit/core/request';

// Any id: rendered per request (await connection() declares it; without it,
// reading params above every Suspense boundary with no URLs listed fails the build).
export default async function Photo({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  return <figure className="photo">photo {id}</figure>;
}
