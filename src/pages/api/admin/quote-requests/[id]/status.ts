import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { ChangeStatusSchema } from '../../../../../features/quotes/desk/desk.ts';
import { quoteDeskApiError, requireQuoteId } from '../../../../../features/quotes/desk/http.server.ts';
import { loadQuoteDetail } from '../../../../../features/quotes/model/quote.server.ts';
import { changeQuoteStatus } from '../../../../../features/quotes/workflow/workflow.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { json } from '../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../lib/http/body.ts';
import { getT } from '../../../../../lib/i18n/index.ts';

export const prerender = false;

/** A staff member moves a request: { to: 'in_review' | 'cancelled', note }. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const staff = requireAdmin(locals);
  const quoteId = requireQuoteId(params.id, locals.locale);
  const t = getT(locals.locale, 'quoteDesk');
  const schema = ChangeStatusSchema({ price: t('pricing.invalidPrice'), note: t('actions.noteTooLong') });
  const input = parseInput(schema, await readJson(request, locals.locale), locals.locale);
  const db = await getDb();
  try {
    await changeQuoteStatus(db, { quoteId, to: input.to, staffId: staff.id, note: input.note });
  } catch (error) {
    quoteDeskApiError(error, locals.locale);
  }
  return json({ status: (await loadQuoteDetail(db, quoteId))?.status ?? input.to });
};
