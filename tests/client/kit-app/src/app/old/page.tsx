import { redirect } from '@kit/core/redirect';

export default function Old() {
  redirect('/shop/b');
}
