#!/usr/bin/env node
// get.mjs URL BODY_FILE — one timed GET for tests/suites/fetch.sh: writes the
// body to BODY_FILE and prints "STATUS FIRST_BYTE_MS TOTAL_MS" (000 when there
// was no answer). The first byte is the first chunk of the body: the shell.
import http from 'node:http';
import fs from 'node:fs';

const [url, out] = process.argv.slice(2);
const start = process.hrtime.bigint();
const ms = () => Math.round(Number(process.hrtime.bigint() - start) / 1e6);
let first = -1;
const chunks = [];
const req = http.get(url, { agent: false }, (res) => {
  res.on('data', (c) => {
    if (first < 0) first = ms();
    chunks.push(c);
  });
  res.on('end', () => {
    fs.writeFileSync(out, Buffer.concat(chunks));
    console.log(`${res.statusCode} ${first < 0 ? ms() : first} ${ms()}`);
  });
});
req.setTimeout(20000, () => req.destroy(new Error('no answer within 20 s')));
req.on('error', (e) => {
  fs.writeFileSync(out, String(e.message));
  console.log(`000 ${ms()} ${ms()}`);
});
