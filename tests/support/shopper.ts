import { type APIRequestContext, expect } from '@playwright/test';
import { apiClient, createConfirmedAccount, type NewAccount, SAME_ORIGIN } from './accounts.ts';

/**
 * A shopper of the test's own, with what the demo customer has: a quote request sent, a wish
 * list with a plant on it and a line in the cart. Suites that need a customer's pages filled
 * make one of these instead of borrowing (and changing) the shared demo customer, so they can
 * run beside every other suite.
 */
export interface Shopper {
  account: NewAccount;
  /** An API client signed in as the shopper (dispose it when done). */
  client: APIRequestContext;
  quoteId: number;
  listId: number;
}

async function ok(response: Promise<import('@playwright/test').APIResponse>) {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return answer;
}

export async function createShopper(
  request: APIRequestContext,
  options: {
    label?: string;
    /** The language of the sign-up and of the checkout (so of the quote request and its e-mails). */
    locale?: 'en' | 'fr';
    /** The lines of the quote request: by default two of one seeded size. */
    lines?: { variantId: number; quantity: number }[];
  } = {},
): Promise<Shopper> {
  const account = await createConfirmedAccount(request, { label: options.label ?? 'shopper', locale: options.locale });
  const client = await apiClient(account);
  // A quote request, sent from the cart as the checkout page would.
  for (const line of options.lines ?? [{ variantId: 2, quantity: 2 }]) {
    await ok(client.post('/api/cart/items', { headers: SAME_ORIGIN, data: line }));
  }
  const sent = await ok(
    client.post('/api/checkout', {
      headers: { ...SAME_ORIGIN, 'accept-language': options.locale === 'fr' ? 'fr-CA' : 'en-CA' },
      data: {
        idempotencyKey: crypto.randomUUID(),
        fulfilment: 'pickup',
        pickup: { locationId: '1' },
        delivery: {},
        preferredDate: '',
        paymentPreference: 'cash',
        comments: '',
      },
    }),
  );
  const quoteId = ((await sent.json()) as { id: number }).id;
  // A wish list with a plant on it, and a line in the (now empty) cart.
  const list = await ok(
    client.post('/api/lists', { headers: SAME_ORIGIN, data: { name: 'Front garden', description: '' } }),
  );
  const listId = ((await list.json()) as { id: number }).id;
  await ok(client.post(`/api/lists/${listId}/items`, { headers: SAME_ORIGIN, data: { variantId: 1, quantity: 1 } }));
  await ok(client.post('/api/cart/items', { headers: SAME_ORIGIN, data: { variantId: 1, quantity: 1 } }));
  return { account, client, quoteId, listId };
}

/**
 * Lines a test's quote request can be priced with: sizes the pickup yard has free now (the live
 * availability, net of other quotes' holds, decision 054), with room to spare for the suites
 * that run beside it. A version offers only what the yard can hold, so a test that sends one
 * picks its sizes here rather than by fixed ids.
 */
export async function inStockLines(
  request: APIRequestContext,
  quantities: readonly number[],
  options: { locationId?: number; spare?: number } = {},
): Promise<{ variantId: number; quantity: number }[]> {
  const locationId = options.locationId ?? 1;
  const spare = options.spare ?? 20;
  const lines: { variantId: number; quantity: number }[] = [];
  for (let productId = 1; lines.length < quantities.length && productId <= 200; productId += 1) {
    const response = await request.get(`/api/products/${productId}/availability`);
    if (!response.ok()) continue;
    const { variants } = (await response.json()) as {
      variants: { id: number; stock: { locationId: number; quantity: number }[] }[];
    };
    // One size per product, so the lines are different plants.
    const wanted = quantities[lines.length] ?? 0;
    const size = variants.find(
      (variant) => (variant.stock.find((entry) => entry.locationId === locationId)?.quantity ?? 0) >= wanted + spare,
    );
    if (size) lines.push({ variantId: size.id, quantity: wanted });
  }
  if (lines.length < quantities.length) throw new Error(`Yard ${locationId} has too few sizes in stock for the test`);
  return lines;
}
