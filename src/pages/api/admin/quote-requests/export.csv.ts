import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../features/accounts/auth.server.ts';
import { filtersOf, parseQuoteListQuery } from '../../../../features/quotes/desk/desk.ts';
import { attachment, downloadLocale } from '../../../../features/quotes/desk/http.server.ts';
import { quoteCsvStream } from '../../../../features/quotes/export/export.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** Every quote request of the list's filters as CSV, streamed (not only the page shown). */
export const GET: APIRoute = async ({ url, locals }) => {
  const staff = requireAdmin(locals);
  const locale = downloadLocale(url, locals.locale);
  const filters = { ...filtersOf(parseQuoteListQuery(url.searchParams)), viewerId: staff.id };
  const day = new Date().toISOString().slice(0, 10);
  const name = `${getT(locale, 'quoteDesk')('csv.fileName')}-${day}.csv`;
  return new Response(quoteCsvStream(await getDb(), filters, locale), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachment(name),
      'cache-control': 'no-store',
    },
  });
};
