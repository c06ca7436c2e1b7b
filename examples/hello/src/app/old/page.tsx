import { redirect } from '@kit/core/redirect';

// A page that only redirects: above every boundary, so the answer is a real 307.
export default function Old(): never {
  redirect('/about');
}
