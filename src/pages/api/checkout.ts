import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireUser } from '../../features/accounts/auth.server.ts';
import { mailOutbox } from '../../features/mail-outbox/worker.server.ts';
import {
  CartChangedError,
  CartEmptyError,
  CartUnavailableItemsError,
  IdempotencyKeyConflictError,
  PickupLocationError,
  submitQuoteRequest,
} from '../../features/quotes/submit/checkout.server.ts';
import {
  CheckoutSchema,
  checkoutMessages,
  EARLIEST_DATE_TIME_ZONE,
  isoDateIn,
} from '../../features/quotes/submit/checkout.ts';
import { getDb } from '../../lib/db/index.server.ts';
import { ApiError, fieldErrors, json } from '../../lib/http/api.ts';
import { readJson } from '../../lib/http/body.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';

export const prerender = false;

/**
 * The schema depends only on the language of its messages and on today's earliest date: it
 * is made once per pair rather than on every submit (zod schemas are costly to build).
 */
const schemas = new Map<string, ReturnType<typeof CheckoutSchema>>();
function checkoutSchemaFor(locale: Locale, earliestDate: string) {
  const key = `${locale}:${earliestDate}`;
  let schema = schemas.get(key);
  if (!schema) {
    // Yesterday's schemas are never asked for again.
    if (schemas.size >= 8) schemas.clear();
    schema = CheckoutSchema({ messages: checkoutMessages(getT(locale, 'checkout')), earliestDate });
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * Submits the signed-in user's cart as a quote request. The body carries the checkout's
 * idempotency key: every retry of one checkout gets the same answer, 201 { id, reference }.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const { locale } = locals;
  const t = getT(locale, 'checkout');
  const schema = checkoutSchemaFor(locale, isoDateIn(EARLIEST_DATE_TIME_ZONE));
  // The schema is zod/mini (it also runs in the island); zod's safeParse gives the usual error.
  const parsed = z.safeParse(schema, await readJson(request, locale));
  if (!parsed.success) {
    throw new ApiError(422, 'invalid', t('messages.required'), { fields: fieldErrors(parsed.error) });
  }
  const input = parsed.data;
  const db = await getDb();
  try {
    const outcome = await submitQuoteRequest(db, user, input, locale);
    // Its e-mails are in the outbox, committed with it: the worker sends them now.
    if (outcome.created) mailOutbox().kick();
    return json(outcome.result, { status: 201 });
  } catch (error) {
    if (error instanceof CartEmptyError)
      throw new ApiError(409, 'cart_empty', t('messages.cartEmpty'), { cause: error });
    if (error instanceof CartChangedError)
      throw new ApiError(409, 'cart_changed', t('messages.cartChanged'), { cause: error });
    if (error instanceof CartUnavailableItemsError) {
      throw new ApiError(409, 'variant_unavailable', t('messages.unavailable', { items: error.items.join(', ') }), {
        cause: error,
      });
    }
    if (error instanceof PickupLocationError) {
      throw new ApiError(422, 'invalid', t('messages.required'), {
        fields: { 'pickup.locationId': t('messages.locationRequired') },
        cause: error,
      });
    }
    if (error instanceof IdempotencyKeyConflictError) {
      throw new ApiError(409, 'idempotency_conflict', t('messages.submitError'), { cause: error });
    }
    throw new ApiError(500, 'submit_failed', t('messages.submitError'), { cause: error });
  }
};
