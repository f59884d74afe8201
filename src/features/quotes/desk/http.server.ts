import { ApiError } from '../../../lib/http/api.ts';
import { getT, type Locale, LocaleSchema } from '../../../lib/i18n/index.ts';
import { shortageText } from '../holds/describe.ts';
import { StockShortError } from '../holds/holds.server.ts';
import { parseQuoteId } from '../model/quote.ts';
import { QuoteLinesMismatchError } from '../pricing/pricing.server.ts';
import { TaxRateMissingError } from '../taxes/taxes.ts';
import { TaxProvinceMissingError, UnknownSkuError, ValidityDateError } from '../versions/versions.server.ts';
import { QuoteTransitionError } from '../workflow/workflow.server.ts';

/** What the quote-desk endpoints share: ids from the path, the language of a download, errors. */

/** A request's id from the path; anything else is the same 404 as an unknown id. */
export function requireQuoteId(value: string | undefined, locale: Locale): number {
  const id = parseQuoteId(value);
  if (id === null) throw notFound(locale);
  return id;
}

export function notFound(locale: Locale): ApiError {
  return new ApiError(404, 'not_found', getT(locale, 'errors')('http.notFound'));
}

/** Downloads (OPF, CSV) are opened by links, so the page passes its language as `lang`. */
export function downloadLocale(url: URL, fallback: Locale): Locale {
  const parsed = LocaleSchema.safeParse(url.searchParams.get('lang'));
  return parsed.success ? parsed.data : fallback;
}

/** The quote desk's failures as API errors with a stable code and the staff's message. */
export function quoteDeskApiError(error: unknown, locale: Locale): never {
  const t = getT(locale, 'quoteDesk');
  if (error instanceof QuoteTransitionError) {
    if (error.code === 'not_found') throw new ApiError(404, 'not_found', getT(locale, 'errors')('http.notFound'));
    const message = error.code === 'status_changed' ? t('actions.statusChanged') : t('actions.notAllowed');
    throw new ApiError(409, error.code, message, { cause: error });
  }
  if (error instanceof StockShortError) {
    // Decision 054: the yard cannot hold the version; nothing was saved or sent.
    throw new ApiError(409, 'stock_short', shortageText(error.yard, error.shortages, locale), { cause: error });
  }
  if (error instanceof UnknownSkuError) {
    const n = getT(locale, 'negotiation');
    throw new ApiError(422, 'unknown_sku', n('pricing.unknownSku', { sku: error.sku }), { cause: error });
  }
  if (error instanceof ValidityDateError) {
    const n = getT(locale, 'negotiation');
    throw new ApiError(422, 'invalid_version', n('pricing.pastDate'), { cause: error });
  }
  if (error instanceof TaxProvinceMissingError || error instanceof TaxRateMissingError) {
    throw new ApiError(422, 'no_tax_province', getT(locale, 'taxes')('noProvince'), { cause: error });
  }
  if (error instanceof QuoteLinesMismatchError) {
    throw new ApiError(422, 'lines_mismatch', t('pricing.mismatch'), { cause: error });
  }
  throw error;
}

/** Content-Disposition for a download, with the UTF-8 form for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
