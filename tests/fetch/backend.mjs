#!/usr/bin/env node
// backend.mjs — the HTTP server tests/suites/fetch.sh points the app's fetch()
// calls at. Listens on 127.0.0.1 on a free port and prints "PORT <n>" once it
// accepts connections. Node only, no dependencies.
//
//   GET  /json             {"hello":"world","n":42}
//   ANY  /echo             the request: method, headers, body (UTF-8 text and
//                          base64), its length
//   GET  /slow?ms=N        answers after N ms (default 2000)
//   GET  /redirect         302 → /json;  /redirect-303 (POST) 303 → /echo;
//                          /loop → /loop forever
//   GET  /binary           every byte value 0–255, four times over (1,024 bytes)
//   GET  /missing          404 with a text body
//   GET  /cut              promises 1,000 bytes, sends 10, closes the connection
//   GET  /cookies          two Set-Cookie lines
//   GET  /big              33 MiB (past fetch()'s 32 MiB limit)
//   GET  /stats            how many requests were seen per path, and
//                          "/slow:closed": slow requests closed before the answer
import http from 'node:http';

const seen = {};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  seen[url.pathname] = (seen[url.pathname] || 0) + 1;
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    switch (url.pathname) {
      case '/json':
        return send(res, 200, { 'content-type': 'application/json' }, JSON.stringify({ hello: 'world', n: 42 }));
      case '/echo':
        return send(res, 200, { 'content-type': 'application/json' }, JSON.stringify({
          method: req.method, url: req.url, headers: req.headers,
          text: body.toString('utf8'), base64: body.toString('base64'), length: body.length,
        }));
      case '/slow': {
        const ms = Number(url.searchParams.get('ms') || 2000);
        const t = setTimeout(() => send(res, 200, { 'content-type': 'text/plain' }, `slow after ${ms} ms`), ms);
        res.on('close', () => {
          clearTimeout(t);
          if (!res.writableFinished) seen['/slow:closed'] = (seen['/slow:closed'] || 0) + 1;
        });
        return;
      }
      case '/redirect':
        return send(res, 302, { location: '/json' }, 'moved');
      case '/redirect-303':
        return send(res, 303, { location: '/echo' }, '');
      case '/loop':
        return send(res, 302, { location: '/loop' }, '');
      case '/binary': {
        const b = Buffer.alloc(1024);
        for (let i = 0; i < b.length; i++) b[i] = i & 255;
        return send(res, 200, { 'content-type': 'application/octet-stream' }, b);
      }
      case '/missing':
        return send(res, 404, { 'content-type': 'text/plain' }, 'not here');
      case '/cut':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
        res.write('0123456789');
        setTimeout(() => res.socket.destroy(), 50);
        return;
      case '/cookies':
        res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        return send(res, 200, { 'content-type': 'text/plain' }, 'two cookies');
      case '/big':
        return send(res, 200, { 'content-type': 'application/octet-stream' }, Buffer.alloc(33 << 20, 120));
      case '/stats':
        return send(res, 200, { 'content-type': 'application/json' }, JSON.stringify(seen));
      default:
        return send(res, 404, { 'content-type': 'text/plain' }, 'no such endpoint');
    }
  });
});

function send(res, status, headers, body) {
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

server.listen(0, '127.0.0.1', () => {
  console.log(`PORT ${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
