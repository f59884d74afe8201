/**
 * Where a V8 CPU profile's time went: self time by package or file, by function, and
 * inclusive time by function (each sample counted once per function on its stack).
 *
 *   node bench/cpu-profile-summary.ts FILE.cpuprofile [--top 40]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' } },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: node bench/cpu-profile-summary.ts FILE.cpuprofile [--top 40]');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const shortUrl = (url: string) =>
  url.replace(/^file:\/\/.*node_modules\//, '').replace(/^file:\/\/.*\/(dist|src|bench|scripts)\//, '$1/');
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
function owner(node: ProfileNode): string {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  return shortUrl(url);
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const selfByFunction = new Map<string, number>();
const selfByOwner = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((sample, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const node = byId.get(sample);
  if (!node) return;
  total += delta;
  if (node.callFrame.functionName === '(idle)') idle += delta;
  add(selfByFunction, label(node), delta);
  add(selfByOwner, owner(node), delta);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id);
    if (!frame) break;
    const key = label(frame);
    if (!seen.has(key)) {
      seen.add(key);
      add(inclusive, key, delta);
    }
  }
});

const busy = total - idle;
const share = (value: number) => `${((100 * value) / busy).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>, count: number) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    if (key.startsWith('(idle)') || key.startsWith('(root)')) continue;
    console.log(`${share(value)}  ${key}`);
  }
};
console.log(
  `${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy (shares below are of busy time)`,
);
print('Self time by package or file', selfByOwner, 25);
print('Self time by function', selfByFunction, top);
print('Inclusive time by function', inclusive, top);
