import fs from 'fs';

// What content/value.txt says now: a page that shows it per request shows
// an edit at once; a stored one keeps the build's.
export function currentValue(): string {
  return fs.readFileSync('content/value.txt', 'utf8').trim();
}
