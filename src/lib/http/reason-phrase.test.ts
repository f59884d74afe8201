import { describe, expect, it } from 'vitest';
import { withReasonPhrase } from './reason-phrase.ts';

describe('withReasonPhrase', () => {
  it("gives a page's own status its words, keeping the body and headers", async () => {
    const page = new Response('<p>Écrivez un message</p>', {
      status: 422,
      statusText: 'OK',
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    const answered = withReasonPhrase(page);
    expect([answered.status, answered.statusText]).toEqual([422, 'Unprocessable Entity']);
    expect(answered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answered.text()).toBe('<p>Écrivez un message</p>');
    expect(withReasonPhrase(new Response(null, { status: 410, statusText: 'OK' })).statusText).toBe('Gone');
  });

  it('leaves a 200, and a status that already has its own words, as they are', () => {
    const ok = new Response('fine', { status: 200, statusText: 'OK' });
    expect(withReasonPhrase(ok)).toBe(ok);
    const api = new Response('{}', { status: 404 });
    expect(withReasonPhrase(api)).toBe(api);
    const named = new Response('{}', { status: 429, statusText: 'Too Many Requests' });
    expect(withReasonPhrase(named)).toBe(named);
  });
});
