// readFileSync without an encoding (a Buffer) and with Buffer's encodings:
// kit's results (src/app/bytes) must equal Node's (tests/suites/files.sh).
export function run(fs, path, cwd) {
  const file = path.join(cwd, 'bytes.bin');
  const b = fs.readFileSync(file);
  const text = fs.readFileSync(path.join(cwd, 'content', 'posts', 'hello-world.md'));
  return [
    String(Buffer.isBuffer(b)), String(b instanceof Uint8Array), String(b.length), b.toString('hex'), b.toString('base64'),
    JSON.stringify(Array.from(b)), fs.readFileSync(file, 'hex'), fs.readFileSync(file, 'base64'),
    fs.readFileSync(file, { encoding: 'base64url' }), String(b.readUInt16BE(2)), b.subarray(4).toString(),
    String(text.length), text.toString('utf8').split('\n')[1], String(Buffer.byteLength('Ünï')),
    Buffer.concat([Buffer.from('a'), Buffer.from([0xc3, 0xbc])]).toString(),
  ].join('\n');
}
