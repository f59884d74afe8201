import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { opfFileName } from '../../../../../features/quotes/desk/desk.ts';
import {
  attachment,
  downloadLocale,
  notFound,
  requireQuoteId,
} from '../../../../../features/quotes/desk/http.server.ts';
import { renderOpf } from '../../../../../features/quotes/export/opf.server.ts';
import { loadQuoteDetail } from '../../../../../features/quotes/model/quote.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';

export const prerender = false;

/** The request's Order Processing Form as `OPF-Q-100041.pdf` (`FTC-…` in French), labelled in the staff's language. */
export const GET: APIRoute = async ({ params, url, locals }) => {
  requireAdmin(locals);
  const locale = downloadLocale(url, locals.locale);
  const quote = await loadQuoteDetail(await getDb(), requireQuoteId(params.id, locale));
  if (!quote) throw notFound(locale);
  const pdf = await renderOpf(quote, locale);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': attachment(opfFileName(quote.reference, locale)),
      'content-length': String(pdf.length),
      'cache-control': 'no-store',
    },
  });
};
