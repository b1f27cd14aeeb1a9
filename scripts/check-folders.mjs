// `npm run lint` runs this: the folders of the API's source and of core's must not import each
// other in a cycle (docs/decisions/0020-folder-dependencies.md), and the API's folders import only
// their own tier and the tiers below it, as the layer table in docs/architecture.md lists them.
// Each folder directly under `src/` is one node, and so is each file directly in `src/` (the
// composition root, the shared errors…). Test files are left out: a test may reach across. Prints
// every cycle and every breach with one import that shows it, and fails when there is one; a
// folder missing from the table, or a name in the table that is no longer in `src/`, fails too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// another root (a test's made-up tree) may be given as the first argument
const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
const trees = ['apps/api/src', 'packages/core/src'];
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The node a file belongs to: its top folder under src, or the file itself when it sits in src. */
function nodeOf(src, file) {
  const [first, ...rest] = relative(src, file).split(sep);
  return rest.length === 0 ? first : `${first}/`;
}

/** Tarjan's strongly connected components: the groups of nodes that reach each other. */
function cyclesOf(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return components;
}

const layerDoc = 'docs/architecture.md';
// the tier of a folder may be broken only where the architecture says so, in its own words
const allowedAcrossTiers = new Set(['env.ts → rate-limit/', 'env.ts → payments/']);

/** The API's tiers, top to bottom, read from the table under "The API's layers". */
function apiTiers() {
  const section = readFileSync(join(root, layerDoc), 'utf8').split("## The API's layers")[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| tier '));
  const tierOf = new Map();
  rows.forEach((row, tier) => {
    const [, name, members] = row.split('|').map((cell) => cell.trim());
    for (const [, member] of members.matchAll(/`([^`]+)`/g)) tierOf.set(member, { tier, name });
  });
  return tierOf;
}

/** Every breach of the layers in the API's graph, and every folder the table does not place. */
function layerProblems(src, graph) {
  const tierOf = apiTiers();
  const present = new Set(
    readdirSync(src).flatMap((name) => {
      if (statSync(join(src, name)).isDirectory()) return filesUnder(join(src, name)).length > 0 ? [`${name}/`] : [];
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [name] : [];
    }),
  );
  const problems = [];
  for (const node of present) if (!tierOf.has(node)) problems.push(`${node} is in no tier of the table in ${layerDoc}`);
  for (const node of tierOf.keys())
    if (!present.has(node)) problems.push(`${node} is in the table in ${layerDoc} but not in ${relative(root, src)}`);
  for (const [from, edges] of graph) {
    for (const [to, example] of edges) {
      const [a, b] = [tierOf.get(from), tierOf.get(to)];
      if (!a || !b || b.tier >= a.tier || allowedAcrossTiers.has(`${from} → ${to}`)) continue;
      problems.push(`${from} (${a.name}) imports ${to} (${b.name}), a tier above it   (${example})`);
    }
  }
  return problems;
}

let failed = false;
for (const tree of trees) {
  const src = join(root, tree);
  // node → (node it imports → an import that shows it)
  const graph = new Map();
  for (const file of filesUnder(src)) {
    const from = nodeOf(src, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const target = resolve(dirname(file), match[1] ?? match[2] ?? match[3]);
      if (!target.startsWith(src + sep)) continue;
      const to = nodeOf(src, target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${relative(src, file)} → ${match[1] ?? match[2] ?? match[3]}`);
    }
  }
  if (tree === 'apps/api/src') {
    const problems = layerProblems(src, graph);
    for (const problem of problems) console.error(`${tree}: ${problem}`);
    if (problems.length > 0) failed = true;
    else console.log(`${tree}: every folder and file in its tier, none importing a tier above it`);
  }
  const cycles = cyclesOf(graph);
  const folders = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
  if (cycles.length === 0) {
    console.log(`${tree}: ${folders.size} folders and files, no cycle between them`);
    continue;
  }
  failed = true;
  for (const cycle of cycles) {
    const members = new Set(cycle);
    console.error(`\n${tree}: these ${cycle.length} import each other in a cycle: ${cycle.join(', ')}`);
    for (const from of cycle) {
      for (const [to, example] of graph.get(from) ?? []) if (members.has(to)) console.error(`  ${from} → ${to}   (${example})`);
    }
  }
}
if (failed) {
  console.error(`\nImports between folders go one way, down the tiers of ${layerDoc} (docs/decisions/0020-folder-dependencies.md).`);
  process.exit(1);
}
