import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { mailOutbox } from '../../../../../features/mail-outbox/worker.server.ts';
import { quoteDeskApiError, requireQuoteId } from '../../../../../features/quotes/desk/http.server.ts';
import { sendPricedQuote } from '../../../../../features/quotes/pricing/pricing.server.ts';
import { SendQuoteSchema } from '../../../../../features/quotes/pricing/pricing.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { json } from '../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../lib/http/body.ts';
import { getT } from '../../../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * Prices a request in review and e-mails the quote with its approve and decline links:
 * { lines: [{ line, unitPrice }], fees, taxes, note }, amounts in dollars as typed. The e-mail
 * is committed to the mail outbox with the prices; the worker composes and sends it.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const staff = requireAdmin(locals);
  const quoteId = requireQuoteId(params.id, locals.locale);
  const t = getT(locals.locale, 'quoteDesk');
  const versions = getT(locals.locale, 'negotiation');
  // The form's own messages: a refusal the browser let through reads as the form's would.
  const schema = SendQuoteSchema({
    price: t('pricing.invalidPrice'),
    note: t('actions.noteTooLong'),
    quantity: versions('pricing.invalidQuantity'),
    sku: versions('pricing.invalidSku'),
    validUntil: versions('pricing.invalidDate'),
    reason: versions('pricing.reasonTooLong'),
  });
  const prices = parseInput(schema, await readJson(request, locals.locale), locals.locale);
  try {
    const { totalCents } = await sendPricedQuote(await getDb(), { quoteId, staffId: staff.id, prices });
    mailOutbox().kick();
    return json({ status: 'quoted', totalCents });
  } catch (error) {
    quoteDeskApiError(error, locals.locale);
  }
};
