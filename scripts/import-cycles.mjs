/**
 * Import cycles in the workspaces' TypeScript (docs/architecture.md): a module that imports,
 * directly or through others, a module that imports it. Cycles make the order modules load in
 * matter, and leave one of them half-made while the other runs.
 *
 * This is eslint-plugin-import's `no-cycle` with its options of `eslint.config.js` (external
 * modules ignored), computed once for the whole tree: the rule parsed every module a second time
 * and walked the graph from each file, most of the lint's processor time. As the rule did, it
 * follows static and dynamic imports and re-exports, but not imports of types only, which are
 * erased from the JavaScript. Only relative imports are followed: one workspace imports another
 * by package name, along the one-way table that ESLint enforces, so no cycle crosses workspaces.
 *
 *   node scripts/import-cycles.mjs    (prints each cycle; run by `node --test scripts/*.test.mjs`)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folders checked, as eslint.config.js gave the rule. */
export const CHECKED = ['protocol', 'sdk', 'server', 'web'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Every TypeScript file under `dir`, build outputs and installed packages aside. */
export function sourceFiles(dir) {
  const found = [];
  if (!fs.existsSync(dir)) return found;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.'))
          walk(path.join(d, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(path.join(d, entry.name));
      }
    }
  };
  walk(dir);
  return found;
}

const typeOnlyNamed = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/**
 * The specifiers a module's JavaScript loads: `import ... from`, `import '...'`, `export ...
 * from` and `import('...')` with a literal, but no declaration that imports or re-exports types
 * only (`import type`, `import { type A }`, `export type ... from`).
 */
export function loadedSpecifiers(file, text = fs.readFileSync(file, 'utf8')) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typesOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            typeOnlyNamed(clause.namedBindings.elements)));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.exportClause;
        const typesOnly =
          node.isTypeOnly ||
          (clause !== undefined && ts.isNamedExports(clause) && typeOnlyNamed(clause.elements));
        if (!typesOnly) found.push(node.moduleSpecifier.text);
      }
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    // `typeof import('x')` and other types load nothing.
    if (ts.isTypeNode(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names, as the rule's Node resolver found it; null if none. */
export function resolveRelative(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  for (const c of candidates) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** The import graph of `files`: each file's loaded files among them, itself aside. */
export function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const to = new Set();
    for (const specifier of loadedSpecifiers(file)) {
      const target = resolveRelative(file, specifier);
      if (target && target !== file && known.has(target)) to.add(target);
    }
    graph.set(file, [...to]);
  }
  return graph;
}

/**
 * The graph's cycles: each group of files that reach one another (a strongly connected
 * component of two or more), found by Tarjan's algorithm, iteratively so a deep chain of
 * imports cannot overflow the stack. Each group is given as one cycle through it.
 */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) groups.push(group);
      }
    }
  }
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** One cycle inside a group of files that reach one another: from its first file back to it. */
function cycleThrough(graph, group) {
  const first = [...group].sort()[0];
  const cameFrom = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === first) {
        const cycle = [node];
        for (let at = cameFrom.get(node); at !== null; at = cameFrom.get(at)) cycle.unshift(at);
        return [...cycle, first];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...group];
}

/** The cycles of the checked workspaces of the tree at `root`, as paths from `root`. */
export function cyclesIn(root) {
  const files = CHECKED.flatMap((w) => sourceFiles(path.join(root, w)));
  return findCycles(importGraph(files)).map((cycle) =>
    cycle.map((f) => path.relative(root, f).split(path.sep).join('/')),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = cyclesIn(root);
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.join(' -> ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('No import cycles.');
}
