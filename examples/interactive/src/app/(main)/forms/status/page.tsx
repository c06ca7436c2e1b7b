import { Suspense } from 'react';
import { FormStatusOutside, StatusForm } from '../../../../components/form-status';

// Each in a Suspense boundary of its own: if the server cannot render
// useFormStatus, the page still renders (the browser renders the boundary).
export default function FormStatus() {
  return (
    <section id="page-form-status">
      <h1>useFormStatus</h1>
      <Suspense fallback={<p id="status-form-fallback">…</p>}>
        <StatusForm />
      </Suspense>
      <Suspense fallback={<p id="status-outside-fallback">…</p>}>
        <FormStatusOutside />
      </Suspense>
    </section>
  );
}
