// GET /unit: the checks of src/checks.ts, run in kit's engine (mujs) per request.
import { connection } from '@kit/core/request';
import { runChecks } from '../../checks';
import { zod4Checks } from '../../checks-zod4';

export async function GET() {
  await connection();
  return Response.json(await runChecks(zod4Checks));
}
