// A page with one client component: the JavaScript a browser loads for it.
import { Counter } from '../../components/counter';

export default async function Client() {
  return <Counter start={5} />;
}

export const getConfig = async () => ({ render: 'static' });
