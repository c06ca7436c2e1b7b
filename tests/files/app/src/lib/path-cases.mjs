// Inputs for path's functions: kit's results (src/app/paths) must equal
// Node's (tests/suites/files.sh runs the same table in Node).
const P = ['', '.', '..', '/', '//', '///', 'a', 'a/', '/a', '/a/', '//a', 'a/b', 'a//b', '/a//b', 'a/b/', 'a/./b',
  'a/../b', '../a', '../../a/b/..', '/..', '/../a', 'a/..', 'a/../', './', '.a', '..a', '...', 'a.', 'a.b.', '.a.b',
  'file.txt', '/x/y/file.tar.gz', 'dir/.hidden', '/home/user/dir/', 'a/b/../../..', '/a/b/c/../../d'];
export const cases = [];
for (const p of P) for (const f of ['normalize', 'dirname', 'basename', 'extname', 'parse', 'isAbsolute']) cases.push([f, [p]]);
for (const p of P) for (const s of ['.txt', 'a', 'file.txt']) cases.push(['basename', [p, s]]);
for (const a of ['', 'a', '/a', 'a/', '..', '/']) for (const b of ['', 'b', '/b', '../c', './d', 'e/']) cases.push(['join', [a, b]]);
for (const a of ['/', '/a', '/a/b', '/a/b/c', '/x']) for (const b of ['/', '/a', '/a/b/c/d', '/x/y', '/a/b/e']) cases.push(['relative', [a, b]]);
for (const a of ['/foo/bar', '/', 'rel']) for (const b of ['./baz', '/tmp/file/', '..', '']) cases.push(['resolve', [a, b]]);
for (const o of [{ dir: '/home/user/dir', base: 'file.txt' }, { root: '/', name: 'file', ext: '.txt' }, { name: 'x', ext: 'js' }])
  cases.push(['format', [o]]);

// one line per case; cwd stands for process.cwd() so the table does not
// depend on where the app lives
export function run(path, cwd) {
  return cases.map(([f, args]) => {
    let r;
    try {
      r = JSON.stringify(path[f](...args));
    } catch (e) {
      r = 'throws ' + e.code;
    }
    return `${f} ${JSON.stringify(args)} ${r.split(cwd).join('<cwd>')}`;
  }).join('\n');
}
