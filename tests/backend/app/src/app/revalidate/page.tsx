export default async function Revalidate() {
  return <p id="rv">{JSON.stringify(await rpc('Revalidate.save'))}</p>;
}
