export default function SlotsOther() {
  return <article id="page-slots-other"><h1>Slots: other</h1></article>;
}
