export default async function Photo({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <figure className="photo">photo {id}</figure>;
}
