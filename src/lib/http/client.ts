import { authorizedFetch } from '../../features/accounts/auth.client.ts';
import { ApiError, type ApiErrorBody } from './api.ts';

/**
 * The browser's one HTTP client for our /api (decisions 008, 032). Every island call goes
 * through `api` (JSON in and out) or `apiResponse` (a body that is not JSON: a file, a
 * download). Both send same-origin credentials, the page's language and the CSRF header,
 * wait while the session is refreshed, refresh a session about to end (or ended) before
 * they go, and answer a 401 as spec §8 says (the protocol itself lives in the accounts'
 * `authorizedFetch`, next to the session it keeps). A refusal is an `ApiError` carrying the
 * status, the server's stable code, its message (already in the page's language) and the
 * field messages of a refused form.
 */
export { ApiError };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  method?: HttpMethod;
  /** Sent as JSON; a Blob or FormData is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 for a visitor is an answer the caller handles itself (a yard kept in the browser,
   * sign-in with a way back to finish an add), so the visitor is not sent to sign-in.
   */
  visitorRefusalHandled?: boolean;
  /** A read while the page loads: no token check and no answer to a 401 (the session load's job). */
  passive?: boolean;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData)
  );
}

/** An error answer as an `ApiError` (a body that is not ours keeps the status text). */
export async function toApiError(response: Response): Promise<ApiError> {
  let error: Partial<ApiErrorBody['error']> | undefined;
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      error = ((await response.json()) as Partial<ApiErrorBody> | undefined)?.error;
    } catch (cause) {
      console.error('Unreadable error response', cause);
    }
  }
  return new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? response.statusText, {
    fields: error?.fields ?? {},
  });
}

/** The call as a Response; a refusal (not 2xx) throws an `ApiError`. */
export async function apiResponse(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const response = await authorizedFetch(
    path,
    { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: options.signal },
    { visitorRefusalHandled: options.visitorRefusalHandled, passive: options.passive },
  );
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The call's JSON answer (undefined for 204 or an empty body); a refusal throws an `ApiError`. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return (isJson ? await response.json() : undefined) as T;
}

/** Whether an error is the server's refusal with this status (and code, when given). */
export function isApiError(error: unknown, status?: number, code?: string): error is ApiError {
  return (
    error instanceof ApiError &&
    (status === undefined || error.status === status) &&
    (code === undefined || error.code === code)
  );
}
