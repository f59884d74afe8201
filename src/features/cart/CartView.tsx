import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { fill, INTL_LOCALE } from '../../lib/i18n/locale.ts';
import { showToast } from '../../lib/toasts.ts';
import { CartLine } from './CartLine.tsx';
import { CartSummary } from './CartSummary.tsx';
import type { CartView as CartData, CartLineView } from './cart.ts';
import { loadCart, removeCartLine, updateCartLine } from './cart-page.client.ts';
import type { CartStrings } from './cart-strings.ts';
import { useCartReconcile } from './use-cart-reconcile.ts';
import '../../styles/stepper.css';
import './cart.css';

export type { CartStrings };

export interface CartViewProps {
  locale: 'en' | 'fr';
  initial: CartData;
  strings: CartStrings;
  /** 'No Warranty Applies', shown to trade users instead of the warranty. */
  warrantyNone: string;
  links: { catalogue: string; checkout: string; warranty: string };
  /** What a form posted without JavaScript did, as the server says it (decision 048). */
  notice?: { kind: 'status' | 'error'; text: string } | undefined;
}

/**
 * The cart page: each line with its quantity editor and remove, and the summary. The page
 * renders it with the server's data; every change goes to the server, whose answer (prices,
 * subtotals, total) replaces what is shown. Another tab's change reloads it.
 */
export default function CartView({ locale, initial, strings, warrantyNone, links, notice }: CartViewProps) {
  const [cart, setCart] = useState(initial);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [lineErrors, setLineErrors] = useState<Readonly<Record<number, string>>>({});
  const [status, setStatus] = useState(notice?.kind === 'status' ? notice.text : '');
  const [formError, setFormError] = useState(notice?.kind === 'error' ? notice.text : undefined);
  // The count this page shows, for the header's count to be compared with.
  const shownCount = useRef(initial.count);
  shownCount.current = cart.count;
  const [loadError, setLoadError] = useState(false);
  // Only the answer to the latest change is shown: an earlier one may arrive later.
  const latest = useRef(0);

  const money = (cents: number) => formatMoney(cents, locale);

  const apply = (request: number, view: CartData) => {
    if (request === latest.current) setCart(view);
  };

  const reload = async () => {
    const request = ++latest.current;
    try {
      apply(request, await loadCart(locale));
      setLoadError(false);
    } catch (error) {
      console.error('Could not load the cart', error);
      setLoadError(true);
      showToast(strings.errors.load, 'error');
    }
  };

  // Hydrated, a typed quantity applies by itself (Enter or leaving the field): the no-JavaScript
  // Update button goes. Hidden, not removed: a press on it held before React came is still
  // replayed (adopt.ts), and submits the line's form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useCartReconcile(reload, shownCount);

  const mark = (lineId: number, busy: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (busy) next.add(lineId);
      else next.delete(lineId);
      return next;
    });

  const setLineError = (lineId: number, message: string | undefined) =>
    setLineErrors((current) => {
      const { [lineId]: _removed, ...rest } = current;
      return message ? { ...rest, [lineId]: message } : rest;
    });

  const change = async (
    line: CartLineView,
    action: () => Promise<CartData>,
    failure: string,
    success: string,
  ): Promise<boolean> => {
    const request = ++latest.current;
    setFormError(undefined);
    mark(line.id, true);
    setLineError(line.id, undefined);
    try {
      apply(request, await action());
      setStatus(success);
      return true;
    } catch (error) {
      console.error('Could not change the cart', error);
      setLineError(line.id, failure);
      showToast(failure, 'error');
      return false;
    } finally {
      mark(line.id, false);
    }
  };

  const setQuantity = (line: CartLineView, quantity: number) => {
    // Shown at once; the server's answer (or the old quantity, on failure) follows.
    setCart((current) => ({
      ...current,
      lines: current.lines.map((entry) => (entry.id === line.id ? { ...entry, quantity } : entry)),
    }));
    void change(
      line,
      () => updateCartLine(line.id, quantity, locale),
      strings.errors.update,
      fill(strings.status.updated, { name: line.name, quantity }),
    ).then((ok) => {
      if (!ok) void reload();
    });
  };

  // A removed line takes its Remove button with it, and focus fell to the page's start: it goes
  // to the line now in its place (or the one before it, or the empty cart's heading) instead.
  const root = useRef<HTMLDivElement>(null);
  const focusAfterRemove = useRef<{ sku: string | undefined } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cart is drawn again.
  useEffect(() => {
    const target = focusAfterRemove.current;
    if (!target) return;
    focusAfterRemove.current = null;
    const line = target.sku
      ? root.current?.querySelector<HTMLElement>(`[data-cart-line="${CSS.escape(target.sku)}"] .cart-line__name a`)
      : root.current?.querySelector<HTMLElement>('#cart-empty-heading');
    line?.focus();
  }, [cart]);

  const remove = (line: CartLineView) => {
    const index = cart.lines.findIndex((entry) => entry.id === line.id);
    const rest = cart.lines.filter((entry) => entry.id !== line.id);
    // Read when the server's cart is shown (the effect above); a failed removal keeps the line.
    focusAfterRemove.current = { sku: (rest[index] ?? rest[index - 1])?.sku };
    void change(
      line,
      () => removeCartLine(line.id, locale),
      strings.errors.remove,
      fill(strings.status.removed, { name: line.name }),
    ).then((ok) => {
      if (!ok) focusAfterRemove.current = null;
    });
  };

  const plural = new Intl.PluralRules(INTL_LOCALE[locale]).select(cart.count) === 'one';
  const unavailable = cart.lines.some((line) => !line.available);

  return (
    <div className="cart" ref={root}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {loadError && (
        <p className="cart__alert" role="alert">
          {strings.errors.load}
        </p>
      )}
      {formError && (
        <p className="cart__alert" role="alert">
          {formError}
        </p>
      )}
      {cart.lines.length === 0 ? (
        <section className="cart-empty card" aria-labelledby="cart-empty-heading">
          <h2 id="cart-empty-heading" tabIndex={-1}>
            {strings.empty.heading}
          </h2>
          <p>{strings.empty.body}</p>
          <a className="btn" href={links.catalogue}>
            {strings.empty.cta}
          </a>
        </section>
      ) : (
        <div className="cart__layout">
          <ul className="cart__lines" aria-label={strings.heading}>
            {cart.lines.map((line) => (
              <CartLine
                key={line.id}
                locale={locale}
                line={line}
                strings={strings}
                money={money}
                busy={pending.has(line.id)}
                hydrated={hydrated}
                error={lineErrors[line.id]}
                onQuantity={(quantity) => setQuantity(line, quantity)}
                onInvalid={(message) => setLineError(line.id, message)}
                onRemove={() => remove(line)}
              />
            ))}
          </ul>
          <CartSummary
            cart={cart}
            strings={strings}
            money={money}
            plural={plural}
            count={cart.count.toLocaleString(INTL_LOCALE[locale])}
            unavailable={unavailable}
            warrantyNone={warrantyNone}
            links={links}
          />
        </div>
      )}
    </div>
  );
}
