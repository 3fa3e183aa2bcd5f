// `npm run check:architecture`: which part of the code may import which. Every import of the contracts,
// the server and the web app is read (plain parsing, no type checking: `import`, `import type`,
// `export … from`, dynamic `import()` and `import('…')` types), resolved to a file, and checked
// against the rules below. Prints one line per violation, `file -> imported file: rule`, and exits 1.
//
// `--self-test` checks the checker instead: it builds a small tree that breaks every rule once (and
// makes every allowed kind of import once) and fails unless exactly those violations are reported.
// Without a flag the self-test runs first, so the check cannot pass by no longer seeing anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ─── What is scanned ─────────────────────────────────────────────────────────────────────────────────
const SCANNED_ROOTS = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'];
const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs'];

// ─── Allow-lists ─────────────────────────────────────────────────────────────────────────────────────
// The entry point that starts the demo seed on first start: the only production file that may import
// the seed. Adjust this one line if the wiring moves.
const SEED_ENTRY_POINTS = ['apps/server/src/server.ts'];
// The contracts are shared by the server and the browser: zod and their own files, nothing else.
const CONTRACTS_PACKAGES = ['zod'];
// Their tests may also use the test tools.
const CONTRACTS_TEST_PACKAGES = ['vitest', 'fast-check'];

// ─── Where a file sits ───────────────────────────────────────────────────────────────────────────────
const SEED = 'apps/server/src/db/seed';

/** A predicate true for paths inside any of `folders`. */
const inside =
  (...folders) =>
  (file) =>
    file !== null && folders.some((folder) => file.startsWith(`${folder}/`));
const isTest = (file) => /\.test\.(ts|tsx|mts|mjs)$/.test(file) || file.startsWith('apps/server/test/');
const isTestOrTooling = (file) => isTest(file) || inside('scripts', 'bench', 'e2e')(file);
const webFeatureOf = (file) => file?.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1] ?? null;
const serverModuleOf = (file) => file?.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1] ?? null;
/** An import's `to` predicate on the file it resolves to. */
const target = (predicate) => (edge) => predicate(edge.target);

// ─── The rules ───────────────────────────────────────────────────────────────────────────────────────
// `from` picks the importing files (by repository path), `to` picks the forbidden imports of those files.
// Test files are checked like the others unless `from` leaves them out.
// An import (`edge`) has: file (the importer), specifier (as written), target (the file it resolves to,
// or null for a package), package (the npm package name, or null), names() (the imported names).
const IMPORT_RULES = [
  {
    name: 'web-feature-imports-feature',
    from: inside('apps/web/src/features'),
    to: (edge) => webFeatureOf(edge.target) !== null && webFeatureOf(edge.target) !== webFeatureOf(edge.file),
    message: 'a web feature stands alone: move what two features share to components/ or lib/',
  },
  {
    name: 'web-feature-imports-app',
    from: inside('apps/web/src/features'),
    to: target(inside('apps/web/src/app')),
    message: 'app/ composes the features; a feature never reaches back into it',
  },
  {
    name: 'web-shared-imports-feature-or-app',
    from: inside('apps/web/src/components', 'apps/web/src/lib'),
    to: target(inside('apps/web/src/features', 'apps/web/src/app')),
    message: 'components/ and lib/ serve every feature, so they know none of them and not the app',
  },
  {
    name: 'contracts-imports-outside',
    from: inside('packages/contracts/src'),
    to: (edge) =>
      edge.target === null
        ? !CONTRACTS_PACKAGES.includes(edge.package) &&
          !(isTest(edge.file) && CONTRACTS_TEST_PACKAGES.includes(edge.package))
        : !inside('packages/contracts/src')(edge.target),
    message: 'the contracts import zod and their own files only (no other package, no server or web file)',
  },
  {
    name: 'server-foundation-imports-module',
    from: (file) =>
      inside('apps/server/src/db/schema', 'apps/server/src/lib', 'apps/server/src/access')(file) ||
      file === 'apps/server/src/config.ts',
    to: target(inside('apps/server/src/modules')),
    message: 'the schema, lib/, access/ and config.ts sit under the modules and never import one',
  },
  {
    name: 'server-foundation-imports-plugin',
    from: inside('apps/server/src/lib', 'apps/server/src/access'),
    to: target(inside('apps/server/src/plugins')),
    message: 'lib/ and access/ sit under the Fastify plugins and never import one',
  },
  {
    name: 'production-imports-seed',
    from: (file) => !isTestOrTooling(file) && !inside(SEED)(file) && !SEED_ENTRY_POINTS.includes(file),
    to: target(inside(SEED)),
    message: `the demo seed is for tests, tools and the seed entry point (${SEED_ENTRY_POINTS.join(', ')}) only`,
  },
  {
    name: 'service-takes-fastify-request',
    from: (file) => /^apps\/server\/src\/modules\/.+\.service\.ts$/.test(file),
    to: (edge) => edge.package === 'fastify' && edge.names().includes('FastifyRequest'),
    message: 'a service takes plain values; the route reads the request and passes what the service needs',
  },
];

// Rules on the server's import graph of production files (tests left out): each returns its violations.
const GRAPH_RULES = [
  {
    name: 'server-module-cycle',
    check: serverModuleCycles,
    message: 'server modules depend on each other one way only; a knot of modules is reported with its edges',
  },
  {
    name: 'server-file-cycle',
    check: serverFileCycles,
    message: 'server files import each other one way only (type imports included)',
  },
];

// Imports that resolve nowhere would slip past every rule, so they are violations themselves.
const UNRESOLVED_RULE = {
  name: 'unresolved-import',
  message: 'a relative or @portico/contracts import that names no file',
};

// ─── Reading the imports ─────────────────────────────────────────────────────────────────────────────

function listFiles(root, folder) {
  const absolute = path.join(root, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SCANNED_EXTENSIONS.some((ext) => entry.name.endsWith(ext)))
    .filter((entry) => !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
}

function scriptKindOf(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.mjs')) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The names a declaration takes from its module ('default', '*', or the exported name). */
function importedNames(clause) {
  if (!clause) return [];
  const names = clause.name ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
  if (bindings && ts.isNamedImports(bindings))
    for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
  return names;
}

function exportedNames(declaration) {
  const clause = declaration.exportClause;
  if (!clause) return ['*'];
  if (ts.isNamespaceExport(clause)) return ['*'];
  return clause.elements.map((element) => (element.propertyName ?? element.name).text);
}

/** Every module specifier of a file with the names taken from it, from the file's syntax tree. */
function parseImports(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKindOf(file));
  const found = [];
  const add = (literal, names) => {
    if (literal && ts.isStringLiteralLike(literal)) found.push({ specifier: literal.text, names });
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement))
      add(statement.moduleSpecifier, importedNames(statement.importClause));
    else if (ts.isExportDeclaration(statement)) add(statement.moduleSpecifier, exportedNames(statement));
    else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference)
    )
      add(statement.moduleReference.expression, ['*']);
  }
  // Dynamic `import('…')` calls and `import('…').Name` types can sit anywhere; only walk files that have one.
  if (text.includes('import(')) {
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0], ['*']);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        let qualifier = node.qualifier;
        while (qualifier && !ts.isIdentifier(qualifier)) qualifier = qualifier.left;
        add(node.argument.literal, qualifier ? [qualifier.text] : ['*']);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * Every module specifier of a file, each with `names()`: the names it takes from that module.
 * TypeScript's import scanner lists the specifiers at a third of the cost of a full parse; the file is
 * parsed only when a rule asks for names, or when it has an `export * as name from`, which the scanner
 * does not see.
 */
function readImports(text, file) {
  if (/export\s*\*\s*as\s/.test(text))
    return parseImports(text, file).map(({ specifier, names }) => ({ specifier, names: () => names }));
  let parsed;
  const namesOf = (specifier) => {
    parsed ??= parseImports(text, file);
    return [
      ...new Set(parsed.filter((found) => found.specifier === specifier).flatMap((found) => found.names)),
    ];
  };
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  return [...new Set(specifiers)].map((specifier) => ({ specifier, names: () => namesOf(specifier) }));
}

// ─── Resolving a specifier to a file ─────────────────────────────────────────────────────────────────

const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.d.ts'];

function makeResolver(root) {
  const fileExists = new Map();
  const exists = (file) => {
    if (!fileExists.has(file))
      fileExists.set(file, fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() ?? false);
    return fileExists.get(file);
  };
  const firstFile = (base) => {
    const candidates = [base, ...RESOLVED_EXTENSIONS.map((ext) => base + ext)];
    // A `.js` written for the emitted file names the `.ts` source.
    const jsSource = base.match(/^(.*)\.(m?)js$/);
    if (jsSource) candidates.push(`${jsSource[1]}.${jsSource[2]}ts`, `${jsSource[1]}.tsx`);
    candidates.push(...RESOLVED_EXTENSIONS.map((ext) => `${base}/index${ext}`));
    return candidates.find(exists) ?? null;
  };
  /** { target, package }: a repository file, or an npm package, or neither when nothing matches. */
  return (file, specifier) => {
    const bare = specifier.replace(/[?#].*$/, '');
    if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..')
      return { target: firstFile(path.posix.join(path.posix.dirname(file), bare)), package: null };
    if (bare.startsWith('@portico/contracts/'))
      return {
        target: firstFile(`packages/contracts/src/${bare.slice('@portico/contracts/'.length)}`),
        package: null,
      };
    const segments = bare.split('/');
    return { target: null, package: bare.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0] };
  };
}

// ─── The graph rules ─────────────────────────────────────────────────────────────────────────────────

/** Strongly connected components (Tarjan) of a graph given as Map<node, Set<node>>. */
function stronglyConnected(graph) {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)));
      } else if (onStack.has(next)) lowLink.set(node, Math.min(lowLink.get(node), index.get(next)));
    }
    if (lowLink.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

function addEdge(graph, from, to) {
  if (!graph.has(from)) graph.set(from, new Set());
  graph.get(from).add(to);
}

const productionServerEdges = (edges) =>
  edges.filter(
    (edge) =>
      inside('apps/server/src')(edge.file) && !isTest(edge.file) && inside('apps/server/src')(edge.target),
  );

function serverModuleCycles(edges) {
  const graph = new Map();
  const evidence = new Map();
  for (const edge of productionServerEdges(edges)) {
    const from = serverModuleOf(edge.file);
    const to = serverModuleOf(edge.target);
    if (from === null || to === null || from === to) continue;
    addEdge(graph, from, to);
    const key = `${from} -> ${to}`;
    if (!evidence.has(key)) evidence.set(key, `${edge.file} -> ${edge.target}`);
  }
  return stronglyConnected(graph)
    .filter((component) => component.length > 1)
    .map((component) => {
      const inKnot = [...evidence.keys()].filter((key) => component.some((m) => key.startsWith(`${m} -> `)));
      const details = inKnot
        .filter((key) => component.includes(key.split(' -> ')[1]))
        .sort()
        .map((key) => `    ${key} (${evidence.get(key)})`);
      return {
        line: `apps/server/src/modules/{${component.join(',')}} import each other`,
        details,
      };
    });
}

/** The shortest path from `start` to `goal` inside `members`, as a list of nodes, or null. */
function shortestPath(graph, start, goal, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let step = node; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(node) ?? [])
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
  }
  return null;
}

// Every import inside a knot of files lies on some cycle; each such import is shown on the shortest cycle
// through it, and each cycle is listed once (starting from its first file in name order).
function serverFileCycles(edges) {
  const graph = new Map();
  for (const edge of productionServerEdges(edges)) addEdge(graph, edge.file, edge.target);
  const cycles = new Map();
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    for (const from of component)
      for (const to of graph.get(from) ?? []) {
        if (!members.has(to)) continue;
        const back = shortestPath(graph, to, from, members);
        if (back === null) continue;
        const cycle = from === to ? [from] : [from, ...back.slice(0, -1)];
        const first = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
        cycles.set(rotated.join(' -> '), [...rotated, rotated[0]].join(' -> '));
      }
  }
  return [...cycles.values()].sort().map((line) => ({ line, details: [] }));
}

// ─── The check ───────────────────────────────────────────────────────────────────────────────────────

export function checkArchitecture(root) {
  const resolve = makeResolver(root);
  const filesPerRoot = Object.fromEntries(SCANNED_ROOTS.map((folder) => [folder, listFiles(root, folder)]));
  const edges = [];
  const violations = [];
  let unresolved = 0;
  for (const file of Object.values(filesPerRoot).flat()) {
    for (const { specifier, names } of readImports(fs.readFileSync(path.join(root, file), 'utf8'), file)) {
      const resolved = resolve(file, specifier);
      if (resolved.target === null && resolved.package === null) {
        violations.push({ line: `${file} -> ${specifier}`, rule: UNRESOLVED_RULE, details: [] });
        unresolved += 1;
        continue;
      }
      edges.push({ file, specifier, names, ...resolved });
    }
  }
  for (const edge of edges)
    for (const rule of IMPORT_RULES)
      if (rule.from(edge.file) && rule.to(edge))
        violations.push({ line: `${edge.file} -> ${edge.target ?? edge.specifier}`, rule, details: [] });
  for (const rule of GRAPH_RULES) for (const found of rule.check(edges)) violations.push({ ...found, rule });

  // A check that sees nothing passes for the wrong reason.
  const problems = [];
  for (const [folder, files] of Object.entries(filesPerRoot))
    if (files.length === 0) problems.push(`no file found under ${folder}`);
  if (!edges.some((edge) => edge.target !== null)) problems.push('no import resolved to a repository file');

  const filesScanned = Object.values(filesPerRoot).reduce((sum, files) => sum + files.length, 0);
  return { violations, problems, filesScanned, importsRead: edges.length + unresolved };
}

function printReport({ violations, problems }) {
  for (const { line, rule, details } of violations) {
    console.log(`${line}: ${rule.name}`);
    for (const detail of details) console.log(detail);
  }
  const broken = [...new Set(violations.map((violation) => violation.rule))];
  if (broken.length > 0) {
    console.log('\nRules broken:');
    for (const rule of broken) console.log(`  ${rule.name}: ${rule.message}`);
  }
  for (const problem of problems) console.log(`Cannot check the architecture: ${problem}`);
}

// ─── The self-test ───────────────────────────────────────────────────────────────────────────────────

// A small tree, file by file with its import lines (nothing else matters to the check). Every rule is
// broken once, beside imports of the same shape that are allowed.
const SELF_TEST_TREE = {
  'packages/contracts/src/money.ts': [
    "import { z } from 'zod';",
    "import { mini } from 'zod/mini';",
    "import { id } from './ids';",
    "import { log } from '../../../apps/server/src/lib/log';",
  ],
  'packages/contracts/src/ids.ts': [],
  'packages/contracts/src/ids.test.ts': [
    "import fc from 'fast-check';",
    "import { it } from 'vitest';",
    "import { id } from './ids';",
  ],
  'apps/web/src/features/alpha/page.tsx': [
    "import { widget } from '../beta/widget';",
    "import { routes } from '../../app/router';",
    "import { part } from './part';",
    "import { id } from '@portico/contracts/ids';",
    "import { Button } from '../../components/button';",
  ],
  'apps/web/src/features/alpha/part.ts': [],
  'apps/web/src/features/beta/widget.tsx': [],
  'apps/web/src/app/router.tsx': ["export const routes = () => import('../features/alpha/page');"],
  'apps/web/src/components/button.tsx': [
    "import type { Widget } from '../features/beta/widget';",
    "import { load } from '../lib/load';",
  ],
  'apps/web/src/lib/load.ts': ["export const load = () => import('../app/router');"],
  'apps/server/src/config.ts': [
    "import { one } from './modules/one/one.service';",
    "import { log } from './lib/log';",
  ],
  [SEED_ENTRY_POINTS[0]]: ["import { ensure } from './db/seed/ensure';"],
  'apps/server/src/lib/log.ts': ["import { auth } from '../plugins/auth';"],
  'apps/server/src/access/can.ts': ["export type Two = import('../modules/two/two.service').Two;"],
  'apps/server/src/db/schema/table.ts': [
    "import { log } from '../../lib/log';",
    "export * as one from '../../modules/one/one.repository';",
  ],
  'apps/server/src/plugins/auth.ts': [],
  'apps/server/src/db/seed/ensure.ts': ["import { rows } from './sql-rows';"],
  'apps/server/src/db/seed/sql-rows.ts': [],
  'apps/server/src/modules/one/one.service.ts': [
    "import type { FastifyReply, FastifyRequest } from 'fastify';",
    "import { two } from '../two/two.service';",
  ],
  'apps/server/src/modules/one/one.routes.ts': [
    "import type { FastifyRequest } from 'fastify';",
    "import { one } from './one.service';",
  ],
  'apps/server/src/modules/one/one.repository.ts': ["import { rows } from '../../db/seed/sql-rows';"],
  'apps/server/src/modules/two/two.service.ts': ["import { repository } from '../one/one.repository';"],
  'apps/server/src/modules/two/two.api.test.ts': [
    "import { ensure } from '../../db/seed/ensure';",
    "import { one } from '../one/one.service';",
  ],
  'apps/server/src/modules/three/a.ts': ["import { b } from './b';", "import { gone } from './missing';"],
  'apps/server/src/modules/three/b.ts': ["import { a } from './a';"],
};

const SELF_TEST_EXPECTED = [
  'packages/contracts/src/money.ts -> apps/server/src/lib/log.ts: contracts-imports-outside',
  'apps/web/src/features/alpha/page.tsx -> apps/web/src/features/beta/widget.tsx: web-feature-imports-feature',
  'apps/web/src/features/alpha/page.tsx -> apps/web/src/app/router.tsx: web-feature-imports-app',
  'apps/web/src/components/button.tsx -> apps/web/src/features/beta/widget.tsx: web-shared-imports-feature-or-app',
  'apps/web/src/lib/load.ts -> apps/web/src/app/router.tsx: web-shared-imports-feature-or-app',
  'apps/server/src/config.ts -> apps/server/src/modules/one/one.service.ts: server-foundation-imports-module',
  'apps/server/src/access/can.ts -> apps/server/src/modules/two/two.service.ts: server-foundation-imports-module',
  'apps/server/src/db/schema/table.ts -> apps/server/src/modules/one/one.repository.ts: server-foundation-imports-module',
  'apps/server/src/lib/log.ts -> apps/server/src/plugins/auth.ts: server-foundation-imports-plugin',
  'apps/server/src/modules/one/one.repository.ts -> apps/server/src/db/seed/sql-rows.ts: production-imports-seed',
  'apps/server/src/modules/one/one.service.ts -> fastify: service-takes-fastify-request',
  'apps/server/src/modules/{one,two} import each other: server-module-cycle',
  'apps/server/src/modules/three/a.ts -> apps/server/src/modules/three/b.ts -> apps/server/src/modules/three/a.ts: server-file-cycle',
  'apps/server/src/modules/three/a.ts -> ./missing: unresolved-import',
];

function selfTest() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-architecture-'));
  try {
    for (const [file, lines] of Object.entries(SELF_TEST_TREE)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), `${lines.join('\n')}\n`);
    }
    const result = checkArchitecture(root);
    const reported = result.violations.map(({ line, rule }) => `${line}: ${rule.name}`);
    const missed = SELF_TEST_EXPECTED.filter((line) => !reported.includes(line));
    const unexpected = reported.filter((line) => !SELF_TEST_EXPECTED.includes(line));
    const ruleNames = [...IMPORT_RULES, ...GRAPH_RULES, UNRESOLVED_RULE].map((rule) => rule.name);
    const untested = ruleNames.filter(
      (name) => !SELF_TEST_EXPECTED.some((line) => line.endsWith(`: ${name}`)),
    );
    const emptyTree = checkArchitecture(path.join(root, 'nothing-here')).problems;
    const failures = [
      ...missed.map((line) => `not reported: ${line}`),
      ...unexpected.map((line) => `reported wrongly: ${line}`),
      ...untested.map((name) => `no planted violation for rule ${name}`),
      ...result.problems.map((problem) => `problem on the planted tree: ${problem}`),
      ...(emptyTree.length === 0 ? ['an empty tree passed'] : []),
    ];
    for (const failure of failures) console.log(`self-test: ${failure}`);
    if (failures.length === 0)
      console.log(`self-test: each of the ${ruleNames.length} rules caught its planted violation`);
    return failures.length === 0;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

// ─── Command line ────────────────────────────────────────────────────────────────────────────────────

function main(args) {
  const selfTestPassed = selfTest();
  if (args.includes('--self-test')) return selfTestPassed;
  const started = Date.now();
  const result = checkArchitecture(repositoryRoot);
  printReport(result);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = result.violations.length === 0 && result.problems.length === 0;
  console.log(
    `${passed ? 'Architecture holds' : `${result.violations.length} architecture violation(s)`}: ` +
      `${result.filesScanned} files, ${result.importsRead} imports (${seconds}s)`,
  );
  return selfTestPassed && passed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exit(main(process.argv.slice(2)) ? 0 : 1);
