// react-golden/cases-html.jsx 08-suspense-ready: boundaries whose content is ready in the shell.
import { Suspense } from 'react';

export default function Page() {
  return <div><Suspense fallback={<i>fb</i>}><p>ready</p></Suspense><Suspense fallback="x">{'t1'}{'t2'}</Suspense></div>;
}
