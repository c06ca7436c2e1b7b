import { currentValue } from '../../../lib/value';

export const dynamic = 'force-dynamic';

export function GET() {
  return new Response(currentValue());
}
