// A chain of 110 additions: past the parser's nesting limit of Debian's mujs build
// ("SyntaxError: too much recursion" when the bundle loads, docs/mujs.md §1),
// so the whole bundle fails: a file of its own. A mujs patch (limits) is pending.
import { T } from '../harness.mjs';

T('literal/long-plus-chain', () => 1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1);
