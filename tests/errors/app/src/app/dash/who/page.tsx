import { unauthorized } from '@kit/core/redirect';

// No unauthorized.tsx in the app: kit's default 401 page.
export default function Who() {
  unauthorized();
}
