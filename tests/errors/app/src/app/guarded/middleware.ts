import { cookies } from '@kit/core/request';
import { forbidden, unauthorized } from '@kit/core/redirect';

// In middleware, forbidden() and unauthorized() are plain 403 and 401
// answers (every middleware refusal is), never the forbidden.tsx page.
export default async function middleware(): Promise<void> {
  const who = (await cookies()).get('who')?.value;
  if (!who) unauthorized();
  if (who !== 'admin') forbidden();
}
