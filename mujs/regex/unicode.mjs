// Writes mujs/regex/unicode.c, the tables kit's regex engine (regex.c) needs
// for \p{...} and case-insensitive matching, from the machine's Node (the
// reference: whatever V8 matches, the tables say) and, for the names of the
// General_Category and Script values, Perl's Unicode::UCD (Debian's perl).
//
//   node mujs/regex/unicode.mjs > mujs/regex/unicode.c
//
// Each set is a sorted list of [lo, hi] code point ranges. A name Node does
// not accept in \p{...} is left out, so the engine refuses what V8 refuses.
// Case tables map a code point to its canonical form (ECMAScript's
// Canonicalize): without the u flag, toUpperCase when that is one code unit
// and does not turn a non-ASCII letter into ASCII; with u (simple case
// folding), the smallest code point that V8 matches case-insensitively.
import { execFileSync } from 'node:child_process';

const MAX = 0x10ffff;

function ranges(test) {
	const out = [];
	let lo = -1;
	for (let c = 0; c <= MAX + 1; c++) {
		const inside = c <= MAX && test(c);
		if (inside && lo < 0) lo = c;
		else if (!inside && lo >= 0) { out.push([lo, c - 1]); lo = -1; }
	}
	return out;
}

function accepted(expr) {
	try { new RegExp('\\p{' + expr + '}', 'u'); return true; } catch { return false; }
}

function setOf(expr) {
	const re = new RegExp('^\\p{' + expr + '}$', 'u');
	return ranges((c) => re.test(String.fromCodePoint(c)));
}

function perlAliases(prop) {
	const out = execFileSync('perl', ['-MUnicode::UCD=prop_values,prop_value_aliases', '-e',
		`print join("\\n", map { join(",", prop_value_aliases("${prop}", $_)) } prop_values("${prop}")), "\\n"`]);
	return String(out).trim().split('\n').map((l) => l.split(','));
}

// ECMAScript's table of binary properties (with their aliases)
const BINARY = ['ASCII', 'ASCII_Hex_Digit', 'AHex', 'Alphabetic', 'Alpha', 'Any', 'Assigned',
	'Bidi_Control', 'Bidi_C', 'Bidi_Mirrored', 'Bidi_M', 'Case_Ignorable', 'CI', 'Cased',
	'Changes_When_Casefolded', 'CWCF', 'Changes_When_Casemapped', 'CWCM', 'Changes_When_Lowercased', 'CWL',
	'Changes_When_NFKC_Casefolded', 'CWKCF', 'Changes_When_Titlecased', 'CWT', 'Changes_When_Uppercased', 'CWU',
	'Dash', 'Default_Ignorable_Code_Point', 'DI', 'Deprecated', 'Dep', 'Diacritic', 'Dia', 'Emoji',
	'Emoji_Component', 'EComp', 'Emoji_Modifier', 'EMod', 'Emoji_Modifier_Base', 'EBase',
	'Emoji_Presentation', 'EPres', 'Extended_Pictographic', 'ExtPict', 'Extender', 'Ext',
	'Grapheme_Base', 'Gr_Base', 'Grapheme_Extend', 'Gr_Ext', 'Hex_Digit', 'Hex', 'IDS_Binary_Operator',
	'IDSB', 'IDS_Trinary_Operator', 'IDST', 'ID_Continue', 'IDC', 'ID_Start', 'IDS', 'Ideographic', 'Ideo',
	'Join_Control', 'Join_C', 'Logical_Order_Exception', 'LOE', 'Lowercase', 'Lower', 'Math',
	'Noncharacter_Code_Point', 'NChar', 'Pattern_Syntax', 'Pat_Syn', 'Pattern_White_Space', 'Pat_WS',
	'Quotation_Mark', 'QMark', 'Radical', 'Regional_Indicator', 'RI', 'Sentence_Terminal', 'STerm',
	'Soft_Dotted', 'SD', 'Terminal_Punctuation', 'Term', 'Unified_Ideograph', 'UIdeo', 'Uppercase', 'Upper',
	'Variation_Selector', 'VS', 'White_Space', 'space', 'XID_Continue', 'XIDC', 'XID_Start', 'XIDS'];

// sets: one per distinct list; names: [kind, name, set index]
const sets = [], setKey = new Map(), names = [];
function addSet(list) {
	const key = list.join(';');
	if (!setKey.has(key)) { setKey.set(key, sets.length); sets.push(list); }
	return setKey.get(key);
}
function addGroup(kind, aliases, exprOf) {
	const ok = aliases.filter((a) => accepted(exprOf(a)));
	if (!ok.length) return;
	const s = addSet(setOf(exprOf(ok[0])));
	for (const a of ok) names.push([kind, a, s]);
}
for (const a of perlAliases('gc')) addGroup(0, a, (n) => 'General_Category=' + n);
for (const a of perlAliases('sc')) addGroup(1, a, (n) => 'Script=' + n);
for (const a of perlAliases('sc')) addGroup(2, a, (n) => 'Script_Extensions=' + n);
for (let i = 0; i < BINARY.length; i++) {
	const n = BINARY[i];
	if (!accepted(n)) continue;
	const s = addSet(setOf(n));
	names.push([3, n, s]);
}

function caseTable(canon) {
	const out = [];
	for (let c = 0; c <= MAX; c++) {
		const d = canon(c) - c;
		if (!d) continue;
		const last = out[out.length - 1];
		if (last && last[1] === c - 1 && last[2] === d) last[1] = c;
		else out.push([c, c, d]);
	}
	return out;
}
const upper = (c) => {
	const u = String.fromCodePoint(c).toUpperCase();
	if ([...u].length !== 1) return c;
	const cu = u.codePointAt(0);
	return c >= 128 && cu < 128 ? c : cu;
};
const nonUnicode = caseTable((c) => (c > 0xffff || (c >= 0xd800 && c <= 0xdfff) ? c : upper(c)));
const fold = (c) => {
	if (c >= 0xd800 && c <= 0xdfff) return c;
	const s = String.fromCodePoint(c), re = new RegExp('^' + s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&') + '$', 'iu');
	const seen = new Set([c]), todo = [c];
	while (todo.length) {
		const x = String.fromCodePoint(todo.pop());
		for (const y of [x.toLowerCase(), x.toUpperCase()]) {
			if ([...y].length !== 1) continue;
			const cy = y.codePointAt(0);
			if (!seen.has(cy) && re.test(y)) { seen.add(cy); todo.push(cy); }
		}
	}
	return Math.min(...seen);
};
const unicode = caseTable(fold);

// A set is stored as varints (7 bits a byte, high bit: more follow): for each
// range, its distance from the end of the previous one, then its length - 1.
function varints(list) {
	const out = [];
	const put = (v) => { while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v >>>= 7; } out.push(v); };
	let prev = -1;
	for (const [a, b] of list) { put(a - prev - 1); put(b - a); prev = b; }
	return out;
}
const bytes = [], offset = [];
for (const list of sets) { offset.push(bytes.length); bytes.push(...varints(list)); }

const o = [];
o.push('/* Generated by mujs/regex/unicode.mjs from Node ' + process.version + ' (Unicode ' +
	process.versions.unicode + '): do not edit. */');
o.push('#include "mujs/regex/unicode.h"', '');
o.push('static const unsigned char data[] = {');
for (let j = 0; j < bytes.length; j += 24) o.push('\t' + bytes.slice(j, j + 24).join(',') + ',');
o.push('};', '');
o.push('const struct kit_regex_uprop kit_regex_uprops[] = {');
names.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
for (const [k, n, s] of names) o.push(`\t{ ${k}, "${n}", data + ${offset[s]}, ${sets[s].length} },`);
o.push('};', `const int kit_regex_nuprops = ${names.length};`, '');
for (const [name, t] of [['kit_regex_case_upper', nonUnicode], ['kit_regex_case_fold', unicode]]) {
	o.push(`const struct kit_regex_casemap ${name}[] = {`);
	for (let j = 0; j < t.length; j += 4)
		o.push('\t' + t.slice(j, j + 4).map(([a, b, d]) => `{ 0x${a.toString(16)}, 0x${b.toString(16)}, ${d} }`).join(', ') + ',');
	o.push('};', `const int ${name.replace('kit_regex_', 'kit_regex_n')} = ${t.length};`, '');
}
process.stdout.write(o.join('\n'));
