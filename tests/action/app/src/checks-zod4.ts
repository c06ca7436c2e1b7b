// Checks with Zod 4 (in node and in kit's engine: docs/action-client.md
// "mujs and the schema libraries" for what it took).
import * as z from 'zod';
import { action } from '@kit/core/action';
import { schemaCheck, same, type Check } from './checks';

export const zod4Checks: Array<[string, Check]> = [
  ['input validation with Zod 4 (paths dot-joined)', schemaCheck(z.object({
    name: z.string().min(2, 'name: at least 2'), address: z.object({ city: z.string({ error: 'city required' }) }),
  }))],
  ['Zod 4: a form action and a whole-input issue', async () => {
    const f = action.input(z.object({ tags: z.array(z.string()), one: z.string() })).handler(({ input }) => input);
    const fd = new FormData();
    fd.append('tags', 'a'); fd.append('tags', 'b'); fd.append('one', 'x');
    const whole = await action.input(z.string()).handler(() => 'ran')(5);
    return same([await f(fd), whole], [{ tags: ['a', 'b'], one: 'x' },
      { validationErrors: { '': ['Invalid input: expected string, received number'] } }]);
  }],
  ['Zod 4: bigint schemas (mujs has a bigint type: patches 1100-1102)', () => {
    const s = z.bigint().min(0n).max(2n ** 64n - 1n);
    const r = [s.safeParse(5n).success, s.safeParse(5).success, s.safeParse(2n ** 64n).success, s.safeParse(-1n).success,
      String(z.coerce.bigint().parse('18446744073709551615')), typeof z.int64().parse(9007199254740993n)];
    return same(r, [true, false, false, false, '18446744073709551615', 'bigint']);
  }],
];
