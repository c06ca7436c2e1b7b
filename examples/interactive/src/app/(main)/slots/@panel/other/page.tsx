export default function PanelOther() {
  return <div id="panel-other"><p>panel for other</p></div>;
}
