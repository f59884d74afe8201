import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { notFound, requireQuoteId } from '../../../../../features/quotes/desk/http.server.ts';
import { TaxExemptionSchema } from '../../../../../features/quotes/taxes/exemption.ts';
import { setTaxExemption, TaxExemptionError } from '../../../../../features/quotes/taxes/taxes.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../lib/http/body.ts';
import { getT } from '../../../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * Marks a trade customer's request tax-exempt, { exempt: true, reason }, or removes it,
 * { exempt: false } (decision 051). Staff only; recorded in the request's history.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const staff = requireAdmin(locals);
  const quoteId = requireQuoteId(params.id, locals.locale);
  const t = getT(locals.locale, 'taxes');
  const input = parseInput(
    TaxExemptionSchema({ required: t('exemption.required') }),
    await readJson(request, locals.locale),
    locals.locale,
  );
  const reason = input.exempt ? input.reason : null;
  try {
    await setTaxExemption(await getDb(), {
      quoteId,
      staffId: staff.id,
      reason,
      note: reason === null ? t('exemption.historyRemoved') : t('exemption.historySet', { reason }),
    });
  } catch (error) {
    if (error instanceof TaxExemptionError && error.code === 'not_found') throw notFound(locals.locale);
    if (error instanceof TaxExemptionError) {
      throw new ApiError(422, error.code, t('exemption.tradeOnly'), { cause: error });
    }
    throw error;
  }
  return json({ taxExemptReason: reason });
};
