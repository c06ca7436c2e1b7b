export default function PanelDefault() {
  return <div id="panel-default"><p>no panel here</p></div>;
}
