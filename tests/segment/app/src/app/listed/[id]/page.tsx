// Only the listed URLs exist.
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ id: 'a' }, { id: 'b' }];
}

export default async function Listed({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <p id="listed">listed {id}</p>;
}
