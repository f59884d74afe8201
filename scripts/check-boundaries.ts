// The import boundaries of src/ (decision 044): dependency-cruiser checks the rules in
// .dependency-cruiser.cjs over the TypeScript modules, and this script adds what it cannot
// read, the imports in .astro frontmatter, to the lib rule and the feature-cycle rule.
// `npm run lint` and the lint stage of `npm test` run it; it exits 1 on any violation.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const CONFIG = join(import.meta.dirname, '../.dependency-cruiser.cjs');
/** What src/lib must not import: it sits under everything else. */
const ABOVE_LIB = /^src\/(features|pages|server|layouts|components)\//;

export interface BoundaryViolation {
  rule: string;
  /** The path of the import, or the cycle, each step a module or a feature folder. */
  path: string[];
}

function featureOf(modulePath: string): string | undefined {
  return /^src\/features\/([^/]+)\//.exec(modulePath)?.[1];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The relative imports in an .astro file's frontmatter, as paths from the project root. */
export function astroImports(root: string, file: string): string[] {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const specifiers = [...frontmatter.matchAll(/\b(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  const from = relative(root, dirname(file)).split('\\').join('/');
  return specifiers.map((specifier) => posix.normalize(posix.join(from, specifier)));
}

type Graph = Map<string, Set<string>>;

function addEdge(graph: Graph, from: string, to: string): void {
  if (!graph.has(from)) graph.set(from, new Set());
  graph.get(from)?.add(to);
}

/** Tarjan's strongly connected components with more than one member: each holds a cycle. */
function cycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** Every boundary violation under `root`/src, the project's own tree unless told another. */
export async function checkBoundaries(root = join(import.meta.dirname, '..')): Promise<BoundaryViolation[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  const previous = process.cwd();
  // dependency-cruiser reads and names paths from the working directory.
  process.chdir(root);
  let result: ICruiseResult;
  try {
    const { output } = await cruise(['src'], { ...options, outputType: 'json' });
    result = JSON.parse(String(output)) as ICruiseResult;
  } finally {
    process.chdir(previous);
  }

  const violations: BoundaryViolation[] = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    path: violation.cycle?.length
      ? [violation.from, ...violation.cycle.map((step) => step.name)]
      : [violation.from, violation.to],
  }));

  // The feature graph, first as dependency-cruiser saw it, then with the .astro imports.
  const features: Graph = new Map();
  for (const module of result.modules) {
    for (const dependency of module.dependencies) {
      const from = featureOf(module.source);
      const to = featureOf(dependency.resolved);
      if (from && to && from !== to) addEdge(features, from, to);
    }
  }
  const seenByCruiser = new Set(cycles(features).map((cycle) => cycle.join()));
  const astroFiles = filesUnder(join(root, 'src')).filter((file) => file.endsWith('.astro'));
  for (const file of astroFiles) {
    const source = relative(root, file).split('\\').join('/');
    for (const target of astroImports(root, file)) {
      if (source.startsWith('src/lib/') && ABOVE_LIB.test(target)) {
        violations.push({ rule: 'lib-imports-no-feature', path: [source, target] });
      }
      const from = featureOf(source);
      const to = featureOf(target);
      if (from && to && from !== to) addEdge(features, from, to);
    }
  }
  for (const cycle of cycles(features)) {
    if (!seenByCruiser.has(cycle.join())) {
      // A strongly connected set, not one path: every member reaches every other.
      violations.push({
        rule: 'no-feature-cycle (counting .astro imports, these features reach each other)',
        path: cycle.map((feature) => `src/features/${feature}`),
      });
    }
  }
  return violations;
}

if (import.meta.main) {
  const violations = await checkBoundaries();
  for (const violation of violations) console.error(`  error ${violation.rule}: ${violation.path.join(' → ')}`);
  if (violations.length > 0) {
    console.error(`\n✘ ${violations.length} import boundary violations (decision 044).`);
    process.exit(1);
  }
  console.log('✔ import boundaries: src/lib imports no feature; no module or feature cycle.');
}
