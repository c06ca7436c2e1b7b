// (1) prerendered: a layout + 200 list items.
import { Items } from '../../components/items';

export default async function List() {
  return <Items />;
}

export const getConfig = async () => ({ render: 'static' });
