import { STATUS_CODES } from 'node:http';

/**
 * A page that sets its status (`Astro.response.status = 422`) keeps the "OK" Astro gave the
 * response beside it, and the server sent "HTTP/1.1 422 OK": a browser's console and every log
 * showed the refusal as OK. The response gets its status's own words instead; others, and
 * 200s, are returned as they are, untouched.
 */
export function withReasonPhrase(response: Response): Response {
  if (response.status === 200 || response.statusText !== 'OK') return response;
  return new Response(response.body, {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    headers: response.headers,
  });
}
