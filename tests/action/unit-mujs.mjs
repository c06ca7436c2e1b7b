// The checks of tests/action/app/src/checks.ts as kit's engine (mujs) ran
// them: GET <base>/unit answers [{name, ok, why}].
// Usage: node unit-mujs.mjs <base_url>
const base = process.argv[2];
let failed = 0;
try {
  const res = await fetch(base + '/unit');
  const text = await res.text();
  if (res.status !== 200) throw new Error('GET /unit answered ' + res.status + ': ' + text.slice(0, 300));
  for (const r of JSON.parse(text)) {
    if (r.ok) console.log('PASS: action-client (mujs): ' + r.name);
    else { failed++; console.log('FAIL: action-client (mujs): ' + r.name + ': ' + r.why); }
  }
} catch (e) {
  failed++;
  console.log('FAIL: action-client (mujs): ' + e.message);
}
process.exit(failed ? 1 : 0);
