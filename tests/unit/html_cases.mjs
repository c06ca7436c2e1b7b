// html_cases.mjs — regenerates the expected HTML of tests/unit/html_cases.txt
// from React itself: each case's Flight payload goes through
// react-server-dom-webpack's client (createFromReadableStream) and the tree is
// rendered by react-dom/server (Fizz), production builds, 19.3.1.
//
//   cp tests/unit/html_cases.mjs $DIR && NODE_ENV=production node $DIR/html_cases.mjs tests/unit/html_cases.txt
//
// where $DIR has react, react-dom and react-server-dom-webpack 19.3.1 in its
// node_modules (tests/conformance/react-golden/ after `npm ci` there, or
// toolchain/ after make): ES modules resolve packages
// from the script's own directory, not from NODE_PATH. Cases with a
// "--- error" section are kept as written. The file is rewritten in place.
import { readFileSync, writeFileSync } from 'node:fs';
import * as React from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { createFromReadableStream } from 'react-server-dom-webpack/client.edge';

const file = process.argv[2];
const text = readFileSync(file, 'utf8');
const parts = text.split(/^=== /m);
const out = [parts[0]];
for (const part of parts.slice(1)) {
  const nl = part.indexOf('\n');
  const name = part.slice(0, nl);
  const body = part.slice(nl + 1);
  const m = body.match(/^--- (html|error)\n/m);
  const payload = body.slice(0, m.index);
  if (m[1] === 'error') {
    out.push(`${name}\n${body}`);
    continue;
  }
  const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(payload)); c.close(); } });
  const root = createFromReadableStream(stream, {
    // serverModuleMap null: $h rows become references with React's own $$FORM_ACTION
    serverConsumerManifest: { moduleMap: {}, serverModuleMap: null, moduleLoading: null },
  });
  const Root = () => React.use(root);
  const html = await new Response(
    await renderToReadableStream(React.createElement(Root), { onError: (e) => e && e.digest }),
  ).text();
  out.push(`${name}\n${payload}--- html\n${html}\n`);
}
writeFileSync(file, out.join('=== '));
