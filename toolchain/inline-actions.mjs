// Inline server actions (docs/actions.md §1): a function whose body starts
// with the "use server" directive, in a server module that is not a "use
// server" module. Read with TypeScript's parser and its binder (the
// checker's symbol of every identifier: which declaration a name refers to,
// shadowing, hoisting and destructuring included), never with patterns.
//
// A function declared at module scope stays where it is and is registered by
// its name, as before. Any other one (a closure in a component, an arrow in a
// JSX prop, at any depth) is hoisted to module scope:
//
//   function $$kit_inline_0($$kit_sealed) {
//     return __kit_open_captures("<hash>#rename", $$kit_sealed, function (user, id) {
//       return (<the function as written>);
//     }).apply(null, Array.prototype.slice.call(arguments, 1));
//   }
//
// and replaced where it was by
//
//   $$kit_inline_0.bind(null, __kit_seal_captures("<hash>#rename", [user, id], ["user", "id"]))
//
// (`const rename = …;` for a declaration), so the values it closes over are
// read when the action is created and travel sealed (js/server/captures.ts)
// as its first bound argument. The parameters of the inner function are the
// variables it closes over: names neither declared inside it, nor at module
// scope, nor globals. A function that closes over nothing is hoisted without
// the seal.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let tsModule = null;
const tsLoad = () => tsModule || (tsModule = require('typescript'));

export const HOISTED_PREFIX = '$$kit_inline_';

function scriptKind(ts, file) {
	return /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS
		: /\.jsx$/.test(file) ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
}

function hasUseServerDirective(ts, body) {
	if (!body || !ts.isBlock(body)) return false;
	for (const s of body.statements) {
		if (!ts.isExpressionStatement(s) || !ts.isStringLiteral(s.expression)) return false;
		const raw = s.expression.getText();
		if (raw.slice(1, -1) === 'use server') return true;
	}
	return false;
}

const isFunctionLike = (ts, n) => ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) ||
	ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isConstructorDeclaration(n) ||
	ts.isClassStaticBlockDeclaration(n);

// Is this declaration a binding of the module's top scope?
function moduleLevel(ts, decl) {
	let blockScoped = true;
	if (ts.isVariableDeclaration(decl) && decl.parent && ts.isVariableDeclarationList(decl.parent))
		blockScoped = (decl.parent.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const | ts.NodeFlags.Using)) !== 0;
	if (ts.isBindingElement(decl)) {
		let p = decl.parent;
		while (p && !ts.isVariableDeclarationList(p) && !ts.isParameter(p) && !ts.isSourceFile(p)) p = p.parent;
		if (p && ts.isParameter(p)) return false;
		if (p && ts.isVariableDeclarationList(p)) blockScoped = (p.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const | ts.NodeFlags.Using)) !== 0;
	}
	if (ts.isParameter(decl)) return false;
	for (let p = decl.parent; p && !ts.isSourceFile(p); p = p.parent) {
		if (isFunctionLike(ts, p)) return false;
		if (blockScoped && (ts.isBlock(p) || ts.isCaseBlock(p) || ts.isForStatement(p) || ts.isForInStatement(p) ||
			ts.isForOfStatement(p) || ts.isCatchClause(p))) return false;
		if (p !== decl.parent && (ts.isClassDeclaration(p) || ts.isClassExpression(p))) return false;
	}
	return true;
}

function isBindingDeclaration(ts, d) {
	return ts.isVariableDeclaration(d) || ts.isParameter(d) || ts.isBindingElement(d) || ts.isFunctionDeclaration(d) ||
		ts.isClassDeclaration(d) || ts.isEnumDeclaration(d) || ts.isImportSpecifier(d) || ts.isImportClause(d) ||
		ts.isNamespaceImport(d) || ts.isImportEqualsDeclaration(d) || ts.isFunctionExpression(d) ||
		ts.isClassExpression(d) || ts.isModuleDeclaration(d);
}

// The "use server" functions of a module, outermost first, with what each
// closes over. Errors: what cannot be an action.
export function findInlineActions(src, file) {
	const ts = tsLoad();
	const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, scriptKind(ts, file));
	const actions = [], errors = [];
	const pos = (n) => {
		const lc = sf.getLineAndCharacterOfPosition(n.getStart(sf));
		return { line: lc.line + 1, column: lc.character };
	};
	const nameOf = (n) => {
		if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) && n.name) return n.name.text;
		if (n.parent && ts.isVariableDeclaration(n.parent) && n.parent.initializer === n && ts.isIdentifier(n.parent.name))
			return n.parent.name.text;
		if (n.parent && ts.isPropertyAssignment(n.parent) && ts.isIdentifier(n.parent.name)) return n.parent.name.text;
		return null;
	};
	const visit = (n, inside) => {
		if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n) ||
			ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isConstructorDeclaration(n)) {
			if (hasUseServerDirective(ts, n.body)) {
				const name = nameOf(n);
				const label = name ? ` (${name})` : '';
				if (inside) {
					errors.push({ pos: pos(n), text: `an inline "use server" function${label} inside another one (${inside.name || 'anonymous'}): kit hoists one level of inline server actions`,
						fix: 'declare it beside the outer action, or in a "use server" module' });
				} else if (!ts.isFunctionDeclaration(n) && !ts.isFunctionExpression(n) && !ts.isArrowFunction(n)) {
					errors.push({ pos: pos(n), text: `a "use server" method${label}: only functions and arrow functions can be inline server actions`,
						fix: 'write it as an async function (or an arrow function) with the directive' });
				} else {
					const a = { node: n, name, pos: pos(n), atModuleScope: ts.isFunctionDeclaration(n) && ts.isSourceFile(n.parent) };
					actions.push(a);
					ts.forEachChild(n, (c) => visit(c, a));
					return;
				}
			}
		}
		ts.forEachChild(n, (c) => visit(c, inside));
	};
	visit(sf, null);
	if (!actions.some((a) => !a.atModuleScope)) return { sf, actions, errors };

	// The binder and checker over this one file: which declaration each name means.
	const options = { noLib: true, noResolve: true, allowJs: true, jsx: ts.JsxEmit.Preserve, types: [], target: ts.ScriptTarget.Latest };
	const host = {
		getSourceFile: (f) => (f === file ? sf : undefined),
		getDefaultLibFileName: () => 'lib.d.ts',
		writeFile: () => {},
		getCurrentDirectory: () => '/',
		getCanonicalFileName: (f) => f,
		useCaseSensitiveFileNames: () => true,
		getNewLine: () => '\n',
		fileExists: (f) => f === file,
		readFile: () => undefined,
	};
	const checker = ts.createProgram([file], options, host).getTypeChecker();
	for (const a of actions) {
		if (a.atModuleScope) continue;
		const captured = [];
		const seen = new Set();
		const start = a.node.getStart(sf), end = a.node.end;
		const arrow = ts.isArrowFunction(a.node);
		const walk = (n, ownThis) => {
			// types name no values; `extends Base` is a value (ExpressionWithTypeArguments
			// counts as a type node: its type arguments are skipped below it)
			if ((ts.isTypeNode(n) && !(ts.isExpressionWithTypeArguments(n) && n.parent && ts.isHeritageClause(n.parent) &&
				n.parent.token === ts.SyntaxKind.ExtendsKeyword && (ts.isClassDeclaration(n.parent.parent) || ts.isClassExpression(n.parent.parent)))) ||
				ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return;
			if (n.kind === ts.SyntaxKind.ThisKeyword && !ownThis) {
				errors.push({ pos: pos(n), text: `the inline server action${a.name ? ' ' + a.name : ''} (an arrow function) uses \`this\` of the function around it, which an action cannot keep`,
					fix: 'pass the value it needs in a variable' });
				return;
			}
			if (ts.isIdentifier(n)) {
				if (n.text === 'arguments' && !ownThis) {
					errors.push({ pos: pos(n), text: `the inline server action${a.name ? ' ' + a.name : ''} (an arrow function) uses \`arguments\` of the function around it`,
						fix: 'use rest parameters' });
					return;
				}
				if (n.parent && ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) return;
				if (n.parent && ts.isQualifiedName(n.parent) && n.parent.right === n) return;
				const sym = n.parent && ts.isShorthandPropertyAssignment(n.parent) && n.parent.name === n
					? checker.getShorthandAssignmentValueSymbol(n.parent)
					: checker.getSymbolAtLocation(n);
				const d = sym && sym.declarations && sym.declarations[0];
				if (!d || !isBindingDeclaration(ts, d)) return;
				const dpos = d.getStart(sf);
				if (dpos >= start && dpos < end) return;
				if (moduleLevel(ts, d)) return;
				if (!seen.has(n.text)) {
					seen.add(n.text);
					captured.push(n.text);
				}
				return;
			}
			const own = ownThis || (isFunctionLike(ts, n) && !ts.isArrowFunction(n)) || ts.isClassDeclaration(n) || ts.isClassExpression(n);
			ts.forEachChild(n, (c) => walk(c, own));
		};
		ts.forEachChild(a.node, (c) => walk(c, !arrow));
		a.captured = captured;
	}
	return { sf, actions, errors };
}

// The module with its nested actions hoisted. ids: [{local, id}] to register
// (module-scope declarations under their own name, hoisted ones under
// $$kit_inline_<n>); the id is <hash>#<name>, or #$$inline_<n> for an
// anonymous one (n: its place among the module's actions, in source order),
// a repeated name taking #<name>$$inline_<n>.
export function hoistInlineActions(src, file, hash) {
	const { sf, actions, errors } = findInlineActions(src, file);
	if (errors.length || !actions.length) return { code: src, ids: [], errors, captures: 0 };
	const counts = new Map();
	for (const a of actions) if (a.name) counts.set(a.name, (counts.get(a.name) || 0) + 1);
	const ids = [], edits = [];
	let tail = '', captures = 0;
	actions.forEach((a, i) => {
		const key = a.name && counts.get(a.name) === 1 ? a.name : (a.name || '') + '$$inline_' + i;
		const id = hash + '#' + key;
		if (a.atModuleScope) {
			ids.push({ local: a.name, id });
			return;
		}
		const local = HOISTED_PREFIX + i;
		const start = a.node.getStart(sf), text = src.slice(start, a.node.end);
		const caps = a.captured;
		captures += caps.length;
		let site;
		if (caps.length) {
			tail += `\nfunction ${local}($$kit_sealed) {\n\treturn __kit_open_captures(${JSON.stringify(id)}, $$kit_sealed, function (${caps.join(', ')}) {\n` +
				`\t\treturn (${text});\n\t}).apply(null, Array.prototype.slice.call(arguments, 1));\n}\n`;
			site = `${local}.bind(null, __kit_seal_captures(${JSON.stringify(id)}, [${caps.join(', ')}], ${JSON.stringify(caps)}))`;
		} else {
			tail += `\nfunction ${local}() {\n\treturn (${text}).apply(null, arguments);\n}\n`;
			site = local;
		}
		if (ts().isFunctionDeclaration(a.node)) site = `const ${a.name} = ${site};`;
		edits.push({ start, end: a.node.end, text: site });
		ids.push({ local, id });
	});
	let code = '';
	let at = 0;
	for (const e of edits) {
		code += src.slice(at, e.start) + e.text;
		at = e.end;
	}
	code += src.slice(at);
	if (captures) tail = '\n;import { sealCaptures as __kit_seal_captures, openCaptures as __kit_open_captures } from "@kit/core/server/captures";' + tail;
	return { code: code + tail, ids, errors: [], captures };
}

function ts() {
	return tsLoad();
}
