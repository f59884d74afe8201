import { apiFetch } from '../../features/accounts/auth.client.ts';
import type { ApiErrorBody } from './api.ts';

/**
 * The browser's one way to call our /api with JSON: JSON in and out, and an error that
 * carries the status and the stable code of the server's ApiError. It goes through
 * `apiFetch`, so every call waits while the session is refreshed, refreshes a session that
 * is about to end (or has ended) before it goes, and answers a 401 as spec §8 says. That
 * matters even where a visitor is welcome: a cart add whose access session lapsed on a
 * static page would otherwise land in a new guest cart.
 */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function requestJson<T>(
  url: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
    /** The caller handles a visitor's 401 itself (no trip to sign-in). */
    visitorRefusalHandled?: boolean;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await apiFetch(
    url,
    {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    },
    { visitorRefusalHandled: init.visitorRefusalHandled },
  );
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json() : undefined;
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | undefined)?.error;
    throw new RequestError(response.status, error?.code ?? 'http_error', error?.message ?? response.statusText);
  }
  return data as T;
}
