// (1) prerendered: a layout + 200 list items, stored by kit-build.
import { Items } from '../../items';

export default function List() {
  return <Items />;
}
