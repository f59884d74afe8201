import { ApiError, type ApiErrorBody } from './api.ts';
import { authorizedFetch } from './session-refresh.ts';

/**
 * The browser's one HTTP client for our /api (decisions 008, 032). Every island call goes
 * through `api` (JSON in and out) or `apiResponse` (a body that is not JSON: a file, a
 * download). Both send same-origin credentials, the page's language and the CSRF header,
 * wait while the session is refreshed, refresh a session about to end (or ended) before
 * they go, and answer a 401 as spec §8 says (the protocol itself is `authorizedFetch` in
 * `./session-refresh.ts`). A refusal is an `ApiError` carrying the
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

/** An error answer as an `ApiError` (a body that is not ours keeps the status text). */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
  const error = body?.error;
  return new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? response.statusText, {
    fields: error?.fields ?? {},
  });
}

/** The call as a Response; a refusal (not 2xx) throws an `ApiError`. */
export async function apiResponse(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof Blob || options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await authorizedFetch(
    path,
    { method: options.method, headers, body, signal: options.signal },
    { visitorRefusalHandled: options.visitorRefusalHandled, passive: options.passive },
  );
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The call's JSON answer (undefined for an empty body); a refusal throws an `ApiError`. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const text = await (await apiResponse(path, options)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}
