import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { ApiError } from '../../lib/http/api.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';
import type { ProductMessages } from './catalog-admin.ts';

/** Helpers the admin catalogue's endpoints share. */

export function productMessages(locale: Locale): ProductMessages {
  const t = getT(locale, 'catalog-admin');
  return {
    required: t('validation.required'),
    slug: t('validation.slug'),
    sku: t('validation.sku'),
    price: t('validation.price'),
    tradeAboveList: t('validation.tradeAboveList'),
    quantity: t('validation.quantity'),
    zone: t('validation.zone'),
    month: t('validation.month'),
    positive: t('validation.positive'),
    sizeValue: t('validation.sizeValue'),
    sizeOrder: t('validation.sizeOrder'),
    rootBall: t('validation.rootBall'),
    sizeRepeated: t('validation.sizeRepeated'),
    tooLong: t('validation.tooLong'),
  };
}

export function notFound(locale: Locale): ApiError {
  return new ApiError(404, 'not_found', getT(locale, 'errors')('http.notFound'));
}

/** The product a route's `{id}` names; 404 with no data when there is none. */
export async function productIdParam(db: Kysely<Database>, raw: string | undefined, locale: Locale): Promise<number> {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(locale);
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(locale);
  return id;
}

export function positiveIntParam(raw: string | undefined, locale: Locale): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(locale);
  return id;
}
