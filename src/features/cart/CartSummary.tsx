import { fill } from '../../lib/i18n/locale.ts';
import type { CartView as CartData } from './cart.ts';
import type { CartStrings } from './cart-strings.ts';

export interface CartSummaryProps {
  cart: CartData;
  strings: CartStrings;
  money: (cents: number) => string;
  /** The count takes the singular ("1 item"). */
  plural: boolean;
  /** The count as the page's language writes it ("10,000", « 10 000 »). */
  count: string;
  /** A line can no longer be quoted: no way to the checkout until it is removed. */
  unavailable: boolean;
  /** 'No Warranty Applies', shown to trade users instead of the warranty. */
  warrantyNone: string;
  links: { checkout: string; warranty: string };
}

/** The cart page's summary beside its lines: the estimated total, the notes and the way to a quote. */
export function CartSummary({
  cart,
  strings,
  money,
  plural,
  count,
  unavailable,
  warrantyNone,
  links,
}: CartSummaryProps) {
  return (
    <aside className="cart__summary card" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading">{strings.summary.heading}</h2>
      <dl className="cart__totals">
        <div>
          <dt>{strings.summary.estimatedTotal}</dt>
          <dd>
            <span className="cart__total" data-cart-total>
              {money(cart.totalCents)}
            </span>
            <span className="muted">
              {fill(plural ? strings.summary.items_one : strings.summary.items_other, { count })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{strings.summary.taxes}</dt>
          <dd>{strings.summary.taxesValue}</dd>
        </div>
      </dl>
      <p className="cart__note">{strings.summary.excludes}</p>
      <h3>{strings.summary.delivery}</h3>
      <p className="cart__note">{strings.summary.deliveryNote}</p>
      <h3>{strings.summary.warranty}</h3>
      {cart.tradePricing ? (
        <p className="cart__note" data-warranty="none">
          {warrantyNone}
        </p>
      ) : (
        <p className="cart__note" data-warranty="retail">
          {strings.summary.warrantyRetail} <a href={links.warranty}>{strings.summary.warrantyLink}</a>
        </p>
      )}
      {unavailable ? (
        <>
          <p className="cart__alert" role="alert" id="cart-unavailable">
            {strings.summary.unavailable}
          </p>
          {/* No way to a checkout that would refuse these lines: remove them first. */}
          <button type="button" className="btn cart__quote" disabled aria-describedby="cart-unavailable">
            {strings.summary.requestQuote}
          </button>
        </>
      ) : (
        <a className="btn cart__quote" href={links.checkout}>
          {strings.summary.requestQuote}
        </a>
      )}
      <p className="cart__note muted">{strings.summary.quoteNote}</p>
    </aside>
  );
}
