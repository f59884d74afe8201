import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { MAX_QUANTITY, parseQuantity } from '../../lib/quantity.ts';
import { showToast } from '../../lib/toasts.ts';
import { settledAuthStatus } from '../accounts/auth.client.ts';
import { addToCart } from '../cart/cart.client.ts';
import { cartAddOutcome } from '../cart/cart-forms.ts';
import { STOCK_BADGE, type StockLabel, stockLabel } from '../catalog/stock.ts';
import type { AvailabilityStrings } from '../inventory/AvailabilitySlideOver.tsx';
import type { MyLocationStrings } from '../inventory/MyLocationChooser.tsx';
import type { ChooserStrings } from '../lists/ListChooser.tsx';
import '../../styles/stepper.css';
import './purchase.css';
import { fill } from '../../lib/i18n/locale.ts';
import { $tradePrices } from './trade-prices.ts';

// The slide-over is fetched when first opened: most visits never need it.
const AvailabilitySlideOver = lazy(() => import('../inventory/AvailabilitySlideOver.tsx'));
// So is the list chooser: it loads on the first Add to List.
const ListChooser = lazy(() => import('../lists/ListChooser.tsx'));

export interface PurchaseStrings {
  heading: string;
  size: string;
  sku: string;
  quantity: string;
  addToCart: string;
  adding: string;
  addedToCart: string;
  /** Part of the quantity added: the line is now at 9,999. */
  addedToMaximum: string;
  /** Nothing added: the line was at 9,999 already. */
  atMaximum: string;
  cartError: string;
  /** A quantity that is not a whole number from 1 to 9,999 (the cart's own message). */
  quantityInvalid: string;
  addToList: string;
  addedToList: string;
  listError: string;
  skuNotFound: string;
  noVariants: string;
  checkAvailability: string;
  decrease: string;
  increase: string;
}

export interface PurchaseVariant {
  id: number;
  sku: string;
  sizeLabel: string;
  priceCents: number;
  stockTotal: number;
}

export interface PurchasePanelProps {
  locale: 'en' | 'fr';
  productId: number;
  productName: string;
  variants: PurchaseVariant[];
  lowStockThreshold: number;
  /** `/auth/sign-in` in the page's language */
  signInPath: string;
  strings: PurchaseStrings;
  stock: Record<StockLabel, string>;
  availability: AvailabilityStrings;
  myLocation: MyLocationStrings;
  /** `/lists` in the page's language, and the Add to List chooser's strings. */
  listsPath: string;
  lists: ChooserStrings;
  /** Where the add-to-cart form posts without JavaScript, and the page it comes back to. */
  cartForm: { action: string; back: string };
}

/**
 * Query parameters: `?sku=` picks a size; `&list=1` (with `&qty=`) reopens Add to List after
 * sign-in.
 */
const SKU_PARAM = 'sku';
const LIST_PARAM = 'list';
const QUANTITY_PARAM = 'qty';

/** Size, quantity, add to cart, add to list and the way into live availability. */
export default function PurchasePanel(props: PurchasePanelProps) {
  const { locale, variants, strings, stock } = props;
  const id = useId();
  const [selectedId, setSelectedId] = useState<number | undefined>(variants[0]?.id);
  // What the field holds, as typed: a quantity that cannot be added is refused, never rewritten.
  const [quantityText, setQuantityText] = useState('1');
  const [quantityRefused, setQuantityRefused] = useState(false);
  // What an add that reached its limit did: said beside the buttons until the shopper goes on.
  const [capped, setCapped] = useState<'added-to-maximum' | 'at-maximum' | null>(null);
  const quantityField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'cart' | 'list' | null>(null);
  const [missingSku, setMissingSku] = useState(false);
  // A shopper with trade pricing: what they pay per size, once the page has read it.
  const tradePrices = useStore($tradePrices);
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const selected = variants.find((variant) => variant.id === selectedId);

  // An add still on its way is lost if the shopper leaves: the browser asks first.
  useEffect(() => {
    if (busy === null) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const [chooser, setChooser] = useState<{ variant: PurchaseVariant; quantity: number } | null>(null);

  // Add to List: a signed-in shopper chooses a list (or makes one); a visitor signs in first
  // and comes back here, where the chooser opens again.
  const addToList = async (variant: PurchaseVariant, count: number) => {
    setBusy('list');
    const status = await settledAuthStatus();
    setBusy(null);
    if (status === 'authenticated') {
      setChooser({ variant, quantity: count });
      return;
    }
    const back = new URL(location.href);
    back.searchParams.set(SKU_PARAM, variant.sku);
    back.searchParams.set(LIST_PARAM, '1');
    if (count > 1) back.searchParams.set(QUANTITY_PARAM, String(count));
    else back.searchParams.delete(QUANTITY_PARAM);
    location.assign(`${props.signInPath}?redirect=${encodeURIComponent(back.pathname + back.search)}`);
  };

  // After hydration: the size named in the address, and an add to list left to finish.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page was opened with.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const sku = params.get(SKU_PARAM);
    if (!sku) return;
    const variant = variants.find((entry) => entry.sku.toLowerCase() === sku.toLowerCase());
    if (!variant) {
      setMissingSku(true);
      return;
    }
    setSelectedId(variant.id);
    if (params.get(LIST_PARAM) === '1') {
      const listQuantity = parseQuantity(params.get(QUANTITY_PARAM) ?? '1') ?? 1;
      params.delete(LIST_PARAM);
      params.delete(QUANTITY_PARAM);
      const query = params.toString();
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
      setQuantityText(String(listQuantity));
      void addToList(variant, listQuantity);
    }
  }, []);

  if (variants.length === 0) {
    return (
      <div className="purchase">
        <p className="purchase__alert" role="alert">
          {strings.noVariants}
        </p>
      </div>
    );
  }

  /** The quantity to add, or undefined after refusing it under the field (focus goes back there). */
  const acceptedQuantity = (): number | undefined => {
    const quantity = parseQuantity(quantityText);
    setQuantityRefused(quantity === undefined);
    if (quantity === undefined) quantityField.current?.focus();
    return quantity;
  };

  const onAddToCart = async () => {
    if (!selected || busy !== null) return;
    setCapped(null);
    const quantity = acceptedQuantity();
    if (quantity === undefined) return;
    setBusy('cart');
    try {
      const result = await addToCart({ variantId: selected.id, quantity });
      const outcome = cartAddOutcome(quantity, result.added);
      if (outcome === 'added') showToast(strings.addedToCart, 'success');
      else setCapped(outcome);
    } catch (error) {
      console.error('Could not add to the cart', error);
      showToast(strings.cartError, 'error');
    } finally {
      setBusy(null);
    }
  };

  const onQuantityText = (text: string) => {
    setQuantityText(text);
    setCapped(null);
    // A refusal stays until the field holds a quantity that can be added.
    if (quantityRefused && parseQuantity(text) !== undefined) setQuantityRefused(false);
  };

  // − and + start from what the field shows, brought back within 1 to 9,999.
  const typed = quantityText.trim() === '' ? Number.NaN : Number(quantityText);
  const stepQuantity = (delta: number) => {
    const from = Number.isFinite(typed) ? Math.trunc(typed) : 0;
    onQuantityText(String(Math.min(MAX_QUANTITY, Math.max(1, from + delta))));
  };
  const quantityErrorId = `${id}-quantity-error`;

  // Without JavaScript (or before it has loaded and failed), the form posts as plain HTML and
  // the server sends the shopper back to this page with the result (decision 048).
  return (
    <div className="purchase">
      <form
        className="purchase__form"
        method="post"
        action={props.cartForm.action}
        // The quantity is checked by us (and by the server without JavaScript), in the page's language.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onAddToCart();
        }}
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="back" value={props.cartForm.back} />
        {missingSku && (
          <p className="purchase__alert" role="alert">
            {strings.skuNotFound}
          </p>
        )}
        <fieldset className="purchase__sizes">
          <legend>{strings.heading}</legend>
          {variants.map((variant) => {
            const label = stockLabel(variant.stockTotal, props.lowStockThreshold);
            return (
              <label key={variant.id} className={`purchase__size${variant.id === selectedId ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="variantId"
                  value={variant.id}
                  checked={variant.id === selectedId}
                  onChange={() => {
                    setSelectedId(variant.id);
                    setMissingSku(false);
                  }}
                />
                <span className="purchase__size-text">
                  <span className="purchase__size-label">{variant.sizeLabel}</span>
                  <span className="purchase__sku">{fill(strings.sku, { sku: variant.sku })}</span>
                </span>
                <span className="purchase__size-side">
                  {/* The page's script may have shown the trade price here before React came (trade-prices.client.ts). */}
                  <span className="purchase__price" data-price-of={variant.id} suppressHydrationWarning>
                    {formatMoney(tradePrices?.get(variant.id) ?? variant.priceCents, locale)}
                  </span>
                  <span className={STOCK_BADGE[label]}>{stock[label]}</span>
                </span>
              </label>
            );
          })}
        </fieldset>

        <div className="purchase__quantity">
          <label htmlFor={`${id}-quantity`}>{strings.quantity}</label>
          <div className="stepper">
            <button
              type="button"
              aria-label={strings.decrease}
              onClick={() => stepQuantity(-1)}
              disabled={!(typed > 1)}
            >
              −
            </button>
            <input
              ref={quantityField}
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              step={1}
              value={quantityText}
              aria-invalid={quantityRefused ? true : undefined}
              aria-describedby={quantityRefused ? quantityErrorId : undefined}
              onChange={(event) => onQuantityText(event.target.value)}
            />
            <button
              type="button"
              aria-label={strings.increase}
              onClick={() => stepQuantity(1)}
              disabled={typed >= MAX_QUANTITY}
            >
              +
            </button>
          </div>
          {quantityRefused && (
            <p className="purchase__error" id={quantityErrorId}>
              {strings.quantityInvalid}
            </p>
          )}
        </div>

        <div className="purchase__actions">
          {/* Busy, the buttons say so but stay focusable: a disabled button under the finger or
              the keyboard dropped focus to the page's start once the add was made. */}
          <button type="submit" className="btn" disabled={!selected} aria-disabled={busy !== null || undefined}>
            {busy === 'cart' ? strings.adding : strings.addToCart}
          </button>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              if (!selected || busy !== null) return;
              const quantity = acceptedQuantity();
              if (quantity !== undefined) void addToList(selected, quantity);
            }}
            disabled={!selected}
            aria-disabled={busy !== null || undefined}
          >
            {strings.addToList}
          </button>
        </div>
        <p className={`purchase__result${capped === 'at-maximum' ? ' purchase__result--none' : ''}`} role="status">
          {capped === 'added-to-maximum' ? strings.addedToMaximum : capped === 'at-maximum' ? strings.atMaximum : null}
        </p>
      </form>

      <button
        type="button"
        className="purchase__availability"
        onClick={() => setAvailabilityOpen(true)}
        aria-haspopup="dialog"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21Z" />
          <circle cx="12" cy="9.5" r="2.5" />
        </svg>
        {strings.checkAvailability}
      </button>

      {chooser && (
        <Suspense fallback={null}>
          <ListChooser
            locale={locale}
            productName={props.productName}
            variant={chooser.variant}
            quantity={chooser.quantity}
            listsPath={props.listsPath}
            strings={props.lists}
            addError={strings.listError}
            onAdded={(added) => {
              setChooser(null);
              showToast(fill(strings.addedToList, { name: added.list.name }), 'success');
            }}
            onClose={() => setChooser(null)}
          />
        </Suspense>
      )}

      {availabilityOpen && (
        <Suspense fallback={null}>
          <AvailabilitySlideOver
            locale={locale}
            productId={props.productId}
            productName={props.productName}
            selectedSku={selected?.sku ?? null}
            strings={props.availability}
            stock={stock}
            myLocation={props.myLocation}
            skuNotFound={strings.skuNotFound}
            noVariants={strings.noVariants}
            onClose={() => setAvailabilityOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
