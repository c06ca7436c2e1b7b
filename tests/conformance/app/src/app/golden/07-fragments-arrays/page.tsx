// react-golden/cases-html.jsx 07-fragments-arrays
import { Fragment } from 'react';

export default function Page() {
  return <ul><>{['x', 'y'].map((k) => <li key={k}>{k}</li>)}</><Fragment key="f">z</Fragment></ul>;
}
