import { notFound } from '@kit/core/redirect';

export default function Missing() {
  notFound();
}
