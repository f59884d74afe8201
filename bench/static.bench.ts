/**
 * Static files: the store's server (src/server/serve.ts: sirv for files with an extension, its
 * own page path for pages, docs/decisions/041-static-files-through-sirv.md) against bare sirv
 * on the same built files, under the same load. For the script and the favicon the two rows
 * measure the same sirv, behind our checks or not; for the page, our page path against sirv's.
 * Each server runs in a process of its own (bench/static-server.ts); autocannon asks each for
 * a hashed script (precompressed, br), a page (index.html, gzip and br accepted) and the
 * favicon (no compressed copy), at 20 and 100 connections, the two servers taking turns path
 * by path so that both meet the same machine. Prints requests/s, p50 / p95 / p99, errors and
 * the server's CPU milliseconds per request (from /proc: steady on a shared machine, unlike
 * latency). Asserts nothing.
 *
 *   npm run build && node bench/static.bench.ts [--duration 10] [--connections 20,100] [--port 4395]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type FloorFigures, measureFloor, printFloor } from './server-process.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20,100' },
    port: { type: 'string', default: '4395' },
  },
});
const clientDir = join(root, 'dist/client');
if (!existsSync(join(clientDir, '_astro'))) {
  console.error('No build in dist/client: run `npm run build` first.');
  process.exit(1);
}
const script = readdirSync(join(clientDir, '_astro')).find(
  (file) => file.endsWith('.js') && existsSync(join(clientDir, '_astro', `${file}.br`)),
);
if (!script) throw new Error('No precompressed script in dist/client/_astro');
const page = '/browse/trees/';
if (!existsSync(join(clientDir, 'browse/trees/index.html'))) throw new Error(`No ${page} in the build`);

const targets: { path: string; headers: Record<string, string> }[] = [
  { path: `/_astro/${script}`, headers: { 'accept-encoding': 'br, gzip' } },
  { path: page, headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { path: '/favicon.svg', headers: {} },
];

async function start(kind: 'ours' | 'sirv', port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'static-server.ts'), kind, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`The ${kind} server stopped (exit ${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/favicon.svg`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`The ${kind} server did not answer`);
}

const basePort = Number(values.port);
const ours = await start('ours', basePort);
// Our server compresses the page on its first request and keeps it beside the page; sirv reads
// its directory once at start, so the compressed page must be there before it starts.
await fetch(`http://127.0.0.1:${basePort}${page}`, { headers: { 'accept-encoding': 'br' } });
for (let attempt = 0; !existsSync(join(clientDir, 'browse/trees/index.html.br')); attempt++) {
  if (attempt === 100) throw new Error(`${page} was not kept compressed`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const servers = { ours, sirv: await start('sirv', basePort + 1) };
const rows: Record<'ours' | 'sirv', FloorFigures[]> = { ours: [], sirv: [] };
try {
  // Both answer each path alike: the same status, encoding and length.
  for (const { path, headers } of targets) {
    const answers = await Promise.all(
      [basePort, basePort + 1].map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
        await response.arrayBuffer();
        return [response.status, response.headers.get('content-encoding'), response.headers.get('content-length')];
      }),
    );
    if (JSON.stringify(answers[0]) !== JSON.stringify(answers[1])) {
      throw new Error(`${path}: ours ${JSON.stringify(answers[0])}, sirv ${JSON.stringify(answers[1])}`);
    }
  }
  const seconds = Number(values.duration);
  for (const connections of values.connections.split(',').map(Number)) {
    for (const { path, headers } of targets) {
      for (const [kind, port] of [
        ['ours', basePort],
        ['sirv', basePort + 1],
      ] as const) {
        rows[kind].push(
          await measureFloor(`http://127.0.0.1:${port}`, servers[kind].pid, path, connections, seconds, headers),
        );
      }
    }
  }
} finally {
  for (const child of Object.values(servers)) child.kill('SIGTERM');
}
console.log(
  `Static files, ${values.duration} s per run, 1-min load average ${loadavg()[0]?.toFixed(2)} on this machine`,
);
printFloor(rows.ours, 'the store (src/server/serve.ts: sirv for files, its page path for pages)');
printFloor(rows.sirv, 'sirv 3 (production mode)');
