import { ActionForm, OptimisticList } from '../../../components/forms';

export default function Forms() {
  return (
    <section id="page-forms">
      <h1>Form hooks</h1>
      <ActionForm />
      <OptimisticList />
    </section>
  );
}
