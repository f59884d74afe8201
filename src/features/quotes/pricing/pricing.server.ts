import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { outboxRow } from '../../../lib/mail/outbox.server.ts';
import { PRICED_QUOTE_MAIL, type PricedQuoteMailPayload } from '../mail/kinds.ts';
import { requestTaxContext, taxRegistrations } from '../taxes/taxes.server.ts';
import { writeVersion } from '../versions/versions.server.ts';
import { applyTransition, lockedStatus, QuoteTransitionError } from '../workflow/workflow.server.ts';
import { canSendQuote } from '../workflow/workflow.ts';
import type { SendQuoteOutput } from './pricing.ts';

/**
 * Sending a priced quote (docs/decisions/025-quote-workflow-and-approval-links.md): the final
 * prices, the move to `quoted`, and its e-mail in the mail outbox, in one transaction. The
 * e-mail, with its single-use approve and decline links, is composed and sent by the outbox
 * worker after the commit (mail/mail.server.ts): nothing waits for a mail server while the
 * request's row is locked.
 */

type Db = Kysely<Database>;

export class QuoteLinesMismatchError extends Error {
  override name = 'QuoteLinesMismatchError';
}

/**
 * Stores the final prices, moves the request to `quoted` and queues the customer's e-mail.
 * All or nothing: a refused move or a missing price stores nothing and queues nothing. The
 * caller kicks the outbox worker after it returns.
 */
export async function sendPricedQuote(
  db: Db,
  input: { quoteId: number; staffId: string; prices: SendQuoteOutput; now?: Date },
): Promise<{ totalCents: number }> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const from = await lockedStatus(trx, input.quoteId);
    if (!canSendQuote(from)) {
      throw new QuoteTransitionError('transition_not_allowed', `Quote request ${input.quoteId} is ${from}`);
    }
    const items = await trx
      .selectFrom('quote_request_items')
      .select([
        'line',
        'quantity',
        'variant_id',
        'sku',
        'product_name_en',
        'product_name_fr',
        'size_label',
        'size_kind',
        'size_values',
        'size_root_ball',
      ])
      .where('quote_request_id', '=', input.quoteId)
      .orderBy('line')
      .execute();
    const prices = new Map(input.prices.lines.map((line) => [line.line, line.unitPrice]));
    if (prices.size !== items.length || items.some((item) => !prices.has(item.line))) {
      throw new QuoteLinesMismatchError(`Every line of quote request ${input.quoteId} needs exactly one price`);
    }
    // Version n+1 (decision 049): its lines, alternatives and validity; the previous one superseded.
    // The taxes are computed, never typed (decision 051): where the request is taxed, or its exemption.
    const context = await requestTaxContext(trx, input.quoteId);
    const tax = { ...context, registrations: taxRegistrations() };
    const version = await writeVersion(trx, { ...input, items, tax, now });
    for (const item of items) {
      await trx
        .updateTable('quote_request_items')
        .set({ quoted_unit_price_cents: prices.get(item.line) ?? 0 })
        .where('quote_request_id', '=', input.quoteId)
        .where('line', '=', item.line)
        .execute();
    }
    const pricing = {
      items_cents: version.itemsCents,
      fees_cents: input.prices.fees,
      taxes_cents: version.taxesCents,
      total_cents: version.totalCents,
      priced_by: input.staffId,
      priced_at: now,
    };
    await trx
      .insertInto('quote_request_pricing')
      .values({ quote_request_id: input.quoteId, ...pricing })
      .onConflict((conflict) => conflict.column('quote_request_id').doUpdateSet(pricing))
      .execute();
    // Links sent before versions existed stop working; a version's links say it was replaced.
    await trx
      .deleteFrom('quote_decision_tokens')
      .where('quote_request_id', '=', input.quoteId)
      .where('version_id', 'is', null)
      .execute();
    await applyTransition(trx, {
      quoteId: input.quoteId,
      from,
      to: 'quoted',
      actor: 'staff',
      by: input.staffId,
      note: input.prices.note,
      now,
    });
    const payload: PricedQuoteMailPayload = {
      quoteRequestId: input.quoteId,
      pricedAt: now.toISOString(),
      note: input.prices.note,
      versionId: version.id,
    };
    await trx
      .insertInto('mail_outbox')
      .values(outboxRow(PRICED_QUOTE_MAIL, { ...payload }))
      .execute();
    return { totalCents: pricing.total_cents };
  });
}
