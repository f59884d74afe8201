/**
 * Static files: the store's own static serving (src/server/serve.ts) against sirv, the
 * maintained static server issue 13 names, on the same built files, under the same load.
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
const servers = { ours: await start('ours', basePort), sirv: await start('sirv', basePort + 1) };
const rows: Record<'ours' | 'sirv', FloorFigures[]> = { ours: [], sirv: [] };
try {
  // Both answer the same bytes: the same encoding and length for each path.
  for (const { path, headers } of targets) {
    const [a, b] = await Promise.all(
      [basePort, basePort + 1].map((port) => fetch(`http://127.0.0.1:${port}${path}`, { headers })),
    );
    if (!a?.ok || !b?.ok) throw new Error(`${path}: ours ${a?.status}, sirv ${b?.status}`);
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
printFloor(rows.ours, 'ours (src/server/serve.ts)');
printFloor(rows.sirv, 'sirv 3 (production mode)');
