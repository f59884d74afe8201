/**
 * What the server benchmarks share: CPU time of the server process (steady on a busy machine,
 * where wall-clock latency is not), an optional CPU profile of it, and the floor (the same
 * server answering a trivial request) that says what the machine allows.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ: 100 on every mainstream kernel). */
const CLOCK_TICKS_PER_S = 100;

/**
 * User + system CPU milliseconds the process has used so far, from /proc/<pid>/stat (fields
 * 14 and 15, after the parenthesised command name); undefined where there is no /proc.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/** CPU ms per request between two readings, or undefined. */
export function cpuPerRequest(before: number | undefined, after: number | undefined, requests: number) {
  return before === undefined || after === undefined || requests === 0 ? undefined : (after - before) / requests;
}

export const formatCpu = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));

/**
 * Node options and environment for the server: with a profile directory, the server loads
 * cpu-profile.preload.ts, which profiles from `startProfile` (SIGUSR2) until the next one or
 * until the server stops, one .cpuprofile file per stretch.
 */
export function serverNodeArgs(profileDir: string | undefined): string[] {
  return profileDir ? ['--import', join(import.meta.dirname, 'cpu-profile.preload.ts')] : [];
}

export function serverProfileEnv(profileDir: string | undefined): Record<string, string> {
  return profileDir ? { CPU_PROFILE_DIR: resolve(profileDir) } : {};
}

/** Starts a new profile stretch (the previous one, if any, is written). */
export function startProfile(child: ChildProcess, profileDir: string | undefined): void {
  if (profileDir) child.kill('SIGUSR2');
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export interface FloorFigures {
  path: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  cpuMsPerRequest: number | undefined;
}

/** The server answering GET `path` (a trivial endpoint or a static file) under the same load. */
export async function measureFloor(
  base: string,
  pid: number | undefined,
  path: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<FloorFigures> {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${base}${path}`, connections, duration, headers }, (error, finished) =>
        error ? reject(error) : resolve(finished),
      );
      instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
    });
    latencies.sort((a, b) => a - b);
    return { result, latencies };
  };
  await run(2);
  const before = processCpuMs(pid);
  const { result, latencies } = await run(seconds);
  const after = processCpuMs(pid);
  return {
    path,
    connections,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: cpuPerRequest(before, after, latencies.length),
  };
}

export function printFloor(rows: FloorFigures[], title = 'floor (same server, trivial GET)'): void {
  if (rows.length === 0) return;
  console.log(`\n${title}`);
  console.log('path                      conns    req/s   p50 ms   p95 ms   p99 ms  errors  CPU ms/req');
  for (const row of rows) {
    console.log(
      [
        row.path.padEnd(24),
        String(row.connections).padStart(6),
        row.rps.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p95.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        String(row.non2xx).padStart(7),
        formatCpu(row.cpuMsPerRequest).padStart(11),
      ].join(' '),
    );
  }
}

export interface ServerOptions {
  port: number;
  /** DATA_DIR or DATABASE_URL, and anything else the run needs. */
  env: Record<string, string>;
  /** With a directory, the server can be profiled (startProfile). */
  profileDir?: string | undefined;
  timeoutMs?: number;
}

/**
 * The built server as `npm start --no-build` runs it, on its own port and data, answered once
 * `/api/app_settings` does.
 */
export async function startBuiltServer({ port, env, profileDir, timeoutMs = 240_000 }: ServerOptions) {
  const base = `http://127.0.0.1:${port}`;
  const args = [...serverNodeArgs(profileDir), join(import.meta.dirname, '../scripts/start.ts'), '--no-build'];
  const child = spawn(process.execPath, args, {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      ...env,
      ...serverProfileEnv(profileDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'test',
      PUBLIC_SITE_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode})`);
    const ready = await fetch(`${base}/api/app_settings`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s`);
}

/** Stops the server and waits until it has gone (it writes its profile on the way out). */
export async function stopServer(child: ChildProcess): Promise<void> {
  // A process ended by a signal has a signalCode and no exitCode.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
