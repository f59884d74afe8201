/**
 * What the quote-submit benches share: customers prepared in the database beforehand (each
 * signed in, with a two-line cart) and the body of a real submit.
 */
import { SESSION_COOKIE } from '../src/features/accounts/cookies.server.ts';
import { createSession } from '../src/features/accounts/session.server.ts';
import type { DatabaseHandle } from '../src/lib/db/connect.server.ts';

/** Customers with a session and a two-line cart each; returns their session cookies. */
export async function prepareCustomers(handle: DatabaseHandle, count: number): Promise<string[]> {
  const db = handle.db;
  const variants = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select('variants.id')
    .where('variants.is_active', '=', true)
    .where('products.is_published', '=', true)
    .orderBy('variants.id')
    .limit(200)
    .execute();
  if (variants.length < 2) throw new Error('The bench database has no catalog');
  const run = Date.now().toString(36);
  const cookies: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${run}-${start + i}@example.com`,
          first_name: 'Bench',
          last_name: `Customer ${start + i}`,
          customer_type_id: 1,
          password_hash: 'never-used-to-sign-in',
          email_verified_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    const carts = await db
      .insertInto('carts')
      .values(users.map((user) => ({ user_id: user.id })))
      .returning('id')
      .execute();
    await db
      .insertInto('cart_items')
      .values(
        carts.flatMap((cart, i) => [
          { cart_id: cart.id, variant_id: variants[i % variants.length]?.id ?? 0, quantity: 3 },
          { cart_id: cart.id, variant_id: variants[(i + 7) % variants.length]?.id ?? 0, quantity: 1 },
        ]),
      )
      .execute();
    for (const user of users) {
      const session = await createSession(db, user.id);
      cookies.push(`${SESSION_COOKIE}=${session.accessToken}`);
    }
  }
  return cookies;
}

/** A delivery quote request, as the checkout form sends it, under its own idempotency key. */
export function submitBody(key: string): string {
  return JSON.stringify({
    idempotencyKey: key,
    fulfilment: 'delivery',
    delivery: {
      jobName: 'Bench job',
      poNumber: 'PO-1',
      streetAddress: '12 Elm Street',
      city: 'Guelph',
      province: 'ON',
      postalCode: 'N1H 3A1',
      siteContactFirstName: 'Ada',
      siteContactLastName: 'Byron',
      phone: '519-555-0142',
    },
    pickup: {},
    preferredDate: '',
    paymentPreference: 'cash',
    comments: '',
  });
}
