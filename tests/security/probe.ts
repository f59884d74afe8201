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

/** The server process's resident memory, in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}
