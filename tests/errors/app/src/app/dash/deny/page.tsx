import { forbidden } from '@kit/core/redirect';

export default function Deny() {
  forbidden();
}
