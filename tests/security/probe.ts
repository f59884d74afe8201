import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import type { ProbeServer } from './servers.ts';

/** The servers to probe, one `describe` each (`describe.each(SERVERS)`). */
export const SERVERS: ProbeServer[] = inject('servers');

export const DEMO = {
  customer: { email: 'customer@example.com', password: 'Customer-pass-2026' },
  trade: { email: 'trade@example.com', password: 'Trade-pass-2026' },
  admin: { email: 'admin@example.com', password: 'Admin-pass-2026' },
} as const;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request exactly as written (path not normalised, any header), the way a probe sends
 * it. `from` is the client address: any of 127.0.0.0/8 on Linux, so a probe can be two
 * clients (the server trusts no X-Forwarded-For).
 */
export function raw(
  server: ProbeServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; from?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.base}/`,
      {
        method,
        path,
        headers: { origin: server.base, ...options.headers },
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** JSON to an endpoint from our own origin; `cookie` signs it in. */
export function postJson(
  server: ProbeServer,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
  from?: string,
) {
  return raw(server, 'POST', path, {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(data),
    ...(from ? { from } : {}),
  });
}

/** Signs a demo account in and returns its cookies as one Cookie header. */
export async function signIn(server: ProbeServer, account: { email: string; password: string }): Promise<string> {
  const response = await postJson(server, '/api/auth/sign-in', account);
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${response.body}`);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export interface MemoryReading {
  /** Bytes held now (JavaScript heap and buffers), garbage collected first. */
  live: number;
  /** The most held at any reading since the watch began. */
  peak: number;
}

/**
 * Starts, or stops, the server's memory watch (memory-watch.ts) and returns the reading it
 * took: the first call's `live` is the baseline, the next call's `peak` the most held since.
 */
export async function toggleMemoryWatch(server: ProbeServer): Promise<MemoryReading> {
  const file = server.memoryWatchFile;
  const lastReading = async () => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as MemoryReading & { seq: number };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const last = (await lastReading())?.seq ?? 0;
  process.kill(server.pid, 'SIGUSR2');
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const reading = await lastReading();
    if (reading && reading.seq > last) return { live: reading.live, peak: reading.peak };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${server.engine} server wrote no memory reading to ${file} (started without memory-watch.ts?)`);
}
