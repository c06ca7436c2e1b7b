// host-types.mjs RSC_HOST_JSON — prints the HostRegister augmentation of
// @kit/core/rpc for an rsc-host.json (the shape js/rpc.ts documents), for
// tests/suites/testing.sh when the kit-build under test does not write it
// into .kit/rsc-env.d.ts yet. JSON Schema subset of notes/protocol.md:
// type, items, properties, required, additionalProperties, anyOf, enum,
// $ref "#/defs/Name"; `optional` trailing parameters, `rest` variadic.
import fs from 'node:fs';

const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const defs = manifest.defs || {};
const key = (k) => JSON.stringify(k);

function ts(s) {
  if (!s || typeof s !== 'object' || Object.keys(s).length === 0) return 'unknown';
  if (typeof s.$ref === 'string') return 'Def_' + s.$ref.replace(/^#\/defs\//, '').replace(/\W/g, '_');
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ') || 'never';
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => '(' + ts(x) + ')').join(' | ');
  switch (s.type) {
    case 'integer': case 'number': return 'number';
    case 'string': return 'string';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array': return 'Array<' + ts(s.items) + '>';
    case 'object': {
      const req = new Set(s.required || []);
      const props = Object.entries(s.properties || {}).map(([k, v]) => key(k) + (req.has(k) ? '' : '?') + ': ' + ts(v));
      if (s.additionalProperties && typeof s.additionalProperties === 'object') props.push('[k: string]: ' + ts(s.additionalProperties));
      return '{ ' + props.join('; ') + (props.length ? ' ' : '') + '}';
    }
    default: return 'unknown';
  }
}

const out = ['// HostRegister from ' + process.argv[2] + ' (tests/testing/host-types.mjs)', 'export {};'];
for (const [name, s] of Object.entries(defs)) out.push('type Def_' + name.replace(/\W/g, '_') + ' = ' + ts(s) + ';');
out.push('declare module "@kit/core/rpc" {', '  interface HostRegister {', '    functions: {');
const types = manifest.types || {};
for (const fn of manifest.functions || []) {
  const t = types[fn];
  if (!t) {
    out.push('      ' + key(fn) + ': { args: unknown[]; result: unknown };');
    continue;
  }
  const params = (t.params || []).map(ts);
  const optional = Number(t.optional || 0);
  const parts = params.map((p, i) => 'a' + i + (i >= params.length - optional ? '?' : '') + ': ' + p);
  if (t.rest) parts.push('...rest: Array<' + ts(t.rest === true ? {} : t.rest) + '>');
  out.push('      ' + key(fn) + ': { args: [' + parts.join(', ') + ']; result: ' + ts(t.result) + ' };');
}
out.push('    };', '  }', '}');
console.log(out.join('\n'));
