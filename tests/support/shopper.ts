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
