import { hasTradePricing, type SessionUser } from './session.ts';

/**
 * Which price a shopper pays: the trade price for a signed-in user with a linked in-house
 * account, the list price for everyone else. The catalog, cart, lists and quotes all ask
 * here, so trade prices show "everywhere" by one rule.
 */
export type VariantPrices =
  | { list_price_cents: number; trade_price_cents: number }
  | { listPriceCents: number; tradePriceCents: number };

export interface UserPrice {
  cents: number;
  kind: 'list' | 'trade';
  /** The list price, to show beside a trade price. */
  listCents: number;
}

export function priceForUser(
  variant: VariantPrices,
  user: Pick<SessionUser, 'inHouseAccountId'> | null | undefined,
): UserPrice {
  const list = 'listPriceCents' in variant ? variant.listPriceCents : variant.list_price_cents;
  const trade = 'tradePriceCents' in variant ? variant.tradePriceCents : variant.trade_price_cents;
  return hasTradePricing(user)
    ? { cents: trade, kind: 'trade', listCents: list }
    : { cents: list, kind: 'list', listCents: list };
}

/**
 * Trade users get no warranty: where the store shows the warranty, they see the `accounts`
 * namespace's `warranty.none` ('No Warranty Applies') instead.
 */
export function warrantyApplies(user: Pick<SessionUser, 'inHouseAccountId'> | null | undefined): boolean {
  return !hasTradePricing(user);
}
