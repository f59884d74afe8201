import { useEffect, useRef, useState } from 'react';
import { $cartCount } from '../../lib/cart-count.ts';
import { formatMoney } from '../../lib/format.ts';
import type { resources } from '../../lib/i18n/index.ts';
import { INTL_LOCALE } from '../../lib/i18n/locale.ts';
import { MAX_QUANTITY, parseQuantity } from '../../lib/quantity.ts';
import { showToast } from '../../lib/toasts.ts';
import { plantArtSvg, plantPaints } from '../catalog/plant-art.ts';
import { $cartSummary, onCartChangedElsewhere } from './cart.client.ts';
import type { CartView as CartData, CartLineView } from './cart.ts';
import { CART_FORM_ACTION, CART_NOTICE_LINE_PARAM, CART_NOTICE_PARAM } from './cart-forms.ts';
import { loadCart, removeCartLine, updateCartLine } from './cart-page.client.ts';
import '../../styles/stepper.css';
import './cart.css';
import { fill } from '../../lib/i18n/locale.ts';

export type CartStrings = (typeof resources)['en']['cart'];

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

  // The page is always right: it reads the cart again when another tab changes it, when the
  // header's count (the server's summary, or another tab's news) differs from what it shows,
  // when it comes back from the back/forward cache and when the tab is seen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; reload reads the latest state through refs.
  useEffect(() => {
    const stop = onCartChangedElsewhere(() => void reload());
    const stopCount = $cartCount.listen((count) => {
      if (count !== shownCount.current) void reload();
    });
    // The server's count may have come before this island hydrated.
    const summary = $cartSummary.get().data;
    if (summary && summary.count !== shownCount.current) void reload();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void reload();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisible);
    // A form's answer is shown once: a reload of the page must not repeat it.
    const url = new URL(location.href);
    if (url.searchParams.has(CART_NOTICE_PARAM)) {
      url.searchParams.delete(CART_NOTICE_PARAM);
      url.searchParams.delete(CART_NOTICE_LINE_PARAM);
      history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    return () => {
      stop();
      stopCount();
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

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

  const remove = (line: CartLineView) =>
    void change(
      line,
      () => removeCartLine(line.id, locale),
      strings.errors.remove,
      fill(strings.status.removed, { name: line.name }),
    );

  const plural = new Intl.PluralRules(INTL_LOCALE[locale]).select(cart.count) === 'one';
  const unavailable = cart.lines.some((line) => !line.available);

  return (
    <div className="cart">
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
          <h2 id="cart-empty-heading">{strings.empty.heading}</h2>
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
                    {fill(plural ? strings.summary.items_one : strings.summary.items_other, { count: cart.count })}
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
        </div>
      )}
    </div>
  );
}

interface CartLineProps {
  locale: 'en' | 'fr';
  line: CartLineView;
  strings: CartStrings;
  money: (cents: number) => string;
  busy: boolean;
  /** React is there: the no-JavaScript Update button is hidden. */
  hydrated: boolean;
  error: string | undefined;
  onQuantity: (quantity: number) => void;
  onInvalid: (message: string | undefined) => void;
  onRemove: () => void;
}

function CartLine(props: CartLineProps) {
  const { locale, line, strings, money, busy, hydrated, error, onQuantity, onInvalid, onRemove } = props;
  const [draft, setDraft] = useState(String(line.quantity));
  // The field follows the line when the server (or a button) changes it.
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);
  const names = { name: line.name, size: line.size };
  const inputId = `cart-quantity-${line.id}`;
  const errorId = `cart-error-${line.id}`;
  // Without JavaScript each control posts a form of its own (decision 048): the quantity form
  // wraps the field and its Update button (Enter submits it); −, + and Remove name forms of
  // their own at the end of the line, so that Enter in the field never presses them.
  const action = `${CART_FORM_ACTION}/${line.id}`;
  const formId = (name: string) => `cart-line-${line.id}-${name}`;
  const hiddenForm = (name: string, fields: Record<string, string>) => (
    <form id={formId(name)} method="post" action={action} hidden>
      <input type="hidden" name="locale" value={locale} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
    </form>
  );

  const commit = () => {
    const quantity = parseQuantity(draft);
    if (quantity === undefined) {
      onInvalid(strings.errors.quantity);
      return;
    }
    onInvalid(undefined);
    if (quantity !== line.quantity) onQuantity(quantity);
  };

  return (
    <li className={`cart-line card${line.available ? '' : ' is-unavailable'}`} data-cart-line={line.sku}>
      <div className="cart-line__picture">
        {line.image ? (
          <img src={line.image.src} alt="" width="96" height="96" loading="lazy" />
        ) : (
          <span
            className="plant-art"
            // Our own drawing, made from the product's form and colours (plant-art.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated by plant-art.ts, never from input.
            dangerouslySetInnerHTML={{
              __html: plantArtSvg({
                form: line.art.form,
                ...plantPaints(line.art.form, line.art.flowerColour, line.art.foliageColour),
                seed: line.art.seed,
              }),
            }}
          />
        )}
      </div>
      <div className="cart-line__details">
        <h3 className="cart-line__name">
          <a href={line.href}>{line.name}</a>
        </h3>
        <p className="cart-line__botanical">
          <i>{line.botanicalName}</i>
        </p>
        <p className="cart-line__meta">
          <span>{fill(strings.line.size, { size: line.size })}</span>
          <span>{fill(strings.line.sku, { sku: line.sku })}</span>
        </p>
        <p className="cart-line__price">
          {line.priceKind === 'trade' && <span className="badge badge--in">{strings.line.tradePrice}</span>}{' '}
          <span data-unit-price>{fill(strings.line.each, { price: money(line.unitPriceCents) })}</span>
        </p>
        {!line.available && (
          <p className="cart__alert" role="alert">
            {strings.line.unavailable}
          </p>
        )}
      </div>
      <form
        className="cart-line__controls"
        method="post"
        action={action}
        // The quantity is checked by us (and by the server), with the cart's own message.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          commit();
        }}
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="intent" value="update" />
        <label className="visually-hidden" htmlFor={inputId}>
          {fill(strings.line.quantityFor, names)}
        </label>
        <div className="stepper">
          <button
            type="submit"
            form={formId('decrease')}
            aria-label={fill(strings.line.decrease, names)}
            onClick={(event) => {
              event.preventDefault();
              onQuantity(line.quantity - 1);
            }}
            disabled={line.quantity <= 1}
          >
            −
          </button>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            value={draft}
            aria-invalid={error === strings.errors.quantity ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
          />
          <button
            type="submit"
            form={formId('increase')}
            aria-label={fill(strings.line.increase, names)}
            onClick={(event) => {
              event.preventDefault();
              onQuantity(line.quantity + 1);
            }}
            disabled={line.quantity >= MAX_QUANTITY}
          >
            +
          </button>
        </div>
        <button
          type="submit"
          className="cart-line__update"
          aria-label={fill(strings.line.updateLabel, names)}
          hidden={hydrated}
        >
          {strings.line.update}
        </button>
        <p className="cart-line__subtotal">
          <span className="muted">{strings.line.subtotal}</span>{' '}
          <strong data-line-subtotal>{money(line.subtotalCents)}</strong>
        </p>
        <button
          type="submit"
          form={formId('remove')}
          className="cart-line__remove"
          aria-label={fill(strings.line.removeLabel, names)}
          onClick={(event) => {
            event.preventDefault();
            onRemove();
          }}
          disabled={busy}
        >
          {strings.line.remove}
        </button>
        {busy && <span className="muted cart-line__saving">{strings.line.saving}</span>}
      </form>
      {hiddenForm('decrease', { intent: 'update', quantity: String(Math.max(1, line.quantity - 1)) })}
      {hiddenForm('increase', { intent: 'update', quantity: String(Math.min(MAX_QUANTITY, line.quantity + 1)) })}
      {hiddenForm('remove', { intent: 'remove' })}
      {error && (
        <p id={errorId} className="cart__alert cart-line__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
