// A regex literal right after the ")" of an if/for/while header: mujs 1.3.2
// parses it as a division (docs/mujs.md §3, quirk 6), so the whole bundle
// fails to load; a file of its own keeps that from hiding the other cases.
// A mujs patch is pending.
import { T } from '../harness.mjs';

T('regex/after-paren', () => { var x = 'abc'; if (x) /b/.test(x); return (1) / 2 / 1; });
