import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useDialog } from '../../lib/dialog/use-dialog.ts';
import { formatMoney } from '../../lib/format.ts';
import { ApiError } from '../../lib/http/client.ts';
import { fill, intlLocale } from '../../lib/i18n/locale.ts';
import { STOCK_BADGE, type StockLabel } from '../catalog/stock.ts';
import { availabilityStore } from './availability.client.ts';
import { type Availability, orderByMyLocation } from './inventory.ts';
import MyLocationChooser, { type MyLocationStrings } from './MyLocationChooser.tsx';
import { $myLocationId, adoptAccountLocation, loadMyLocation } from './my-location.ts';
import './availability.css';

export interface AvailabilityStrings {
  title: string;
  close: string;
  loading: string;
  error: string;
  retry: string;
  notFound: string;
  location: string;
  quantity: string;
  status: string;
  available_one: string;
  available_other: string;
  listPrice: string;
  tradePrice: string;
  mine: string;
  legend: string;
  legendIn: string;
  legendLow: string;
  legendOut: string;
  live: string;
  phone: string;
  hours: string;
}

export interface AvailabilitySlideOverProps {
  locale: 'en' | 'fr';
  productId: number;
  productName: string;
  /** The variant chosen on the page: shown first, and checked against live data. */
  selectedSku: string | null;
  strings: AvailabilityStrings;
  stock: Record<StockLabel, string>;
  myLocation: MyLocationStrings;
  skuNotFound: string;
  noVariants: string;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'error'; notFound: boolean } | { state: 'ready'; data: Availability };

/** Live stock per variant per sales yard, in a panel over the page; the shopper's yard first. */
export default function AvailabilitySlideOver(props: AvailabilitySlideOverProps) {
  const { locale, productId, productName, selectedSku, strings, stock, onClose } = props;
  // Live stock through the one data cache: retried, kept 5 minutes, shown at once when the
  // panel opens again (and refreshed behind it).
  const $availability = useMemo(() => availabilityStore(productId, locale), [productId, locale]);
  const availability = useStore($availability);
  const load: Load = availability.data
    ? { state: 'ready', data: availability.data }
    : availability.error && !availability.loading
      ? { state: 'error', notFound: availability.error instanceof ApiError && availability.error.status === 404 }
      : { state: 'loading' };
  const myLocationId = useStore($myLocationId);
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useDialog({ onClose, initialFocus: closeButton });
  const plural = new Intl.PluralRules(intlLocale(locale));

  useEffect(() => {
    loadMyLocation();
  }, []);

  const accountLocation = availability.data?.myLocationId;
  useEffect(() => {
    if (accountLocation !== undefined) adoptAccountLocation(accountLocation);
  }, [accountLocation]);

  const money = (cents: number) => formatMoney(cents, locale);
  const available = (count: number) =>
    fill(plural.select(count) === 'one' ? strings.available_one : strings.available_other, { count });

  let body: React.ReactNode;
  if (load.state === 'loading') {
    body = (
      <p className="availability__status" role="status">
        {strings.loading}
      </p>
    );
  } else if (load.state === 'error') {
    body = (
      <div className="availability__status" role="alert">
        <p>{load.notFound ? strings.notFound : strings.error}</p>
        {!load.notFound && (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => $availability.invalidate()}>
            {strings.retry}
          </button>
        )}
      </div>
    );
  } else {
    const { data } = load;
    const mine = myLocationId ?? data.myLocationId;
    const locations = orderByMyLocation(data.locations, mine, (location) => location.id);
    const selected = selectedSku ? data.variants.find((variant) => variant.sku === selectedSku) : undefined;
    const variants = selected ? [selected, ...data.variants.filter((variant) => variant !== selected)] : data.variants;
    body = (
      <>
        <MyLocationChooser locations={data.locations} strings={props.myLocation} />
        {data.variants.length === 0 ? (
          <p className="availability__alert" role="alert">
            {props.noVariants}
          </p>
        ) : (
          selectedSku &&
          !selected && (
            <p className="availability__alert" role="alert">
              {props.skuNotFound}
            </p>
          )
        )}
        {variants.map((variant) => {
          const byLocation = new Map(variant.stock.map((entry) => [entry.locationId, entry]));
          return (
            <section
              key={variant.id}
              className="availability__variant"
              aria-label={`${variant.sizeLabel} – ${variant.sku}`}
            >
              <header>
                <h3>{variant.sizeLabel}</h3>
                <span className="muted">{variant.sku}</span>
                <span className="availability__price">
                  {fill(data.priceKind === 'trade' ? strings.tradePrice : strings.listPrice, {
                    price: money(variant.priceCents),
                  })}
                </span>
              </header>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{strings.location}</th>
                    <th scope="col">{strings.quantity}</th>
                    <th scope="col">{strings.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {locations.map((location) => {
                    const entry = byLocation.get(location.id);
                    const label = entry?.label ?? 'out_of_stock';
                    return (
                      <tr
                        key={location.id}
                        data-location-id={location.id}
                        className={location.id === mine ? 'is-mine' : undefined}
                      >
                        <th scope="row">
                          {location.name}
                          {location.id === mine && <span className="availability__mine">{strings.mine}</span>}
                        </th>
                        <td>{available(entry?.quantity ?? 0)}</td>
                        <td>
                          <span className={STOCK_BADGE[label]}>{stock[label]}</span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          );
        })}
        <section className="availability__legend" aria-labelledby={`${titleId}-legend`}>
          <h3 id={`${titleId}-legend`}>{strings.legend}</h3>
          <dl>
            <div>
              <dt>
                <span className={STOCK_BADGE.in_stock}>{stock.in_stock}</span>
              </dt>
              <dd>{fill(strings.legendIn, { threshold: data.lowStockThreshold })}</dd>
            </div>
            <div>
              <dt>
                <span className={STOCK_BADGE.low_stock}>{stock.low_stock}</span>
              </dt>
              <dd>{fill(strings.legendLow, { threshold: data.lowStockThreshold })}</dd>
            </div>
            <div>
              <dt>
                <span className={STOCK_BADGE.out_of_stock}>{stock.out_of_stock}</span>
              </dt>
              <dd>{strings.legendOut}</dd>
            </div>
          </dl>
          <p className="muted">{strings.live}</p>
        </section>
        <section className="availability__yards">
          {locations.map((location) => (
            <details key={location.id}>
              <summary>{location.name}</summary>
              <dl>
                <dt>{strings.phone}</dt>
                <dd>
                  <a href={`tel:${location.phone}`}>{location.phone}</a>
                </dd>
                <dt>{strings.hours}</dt>
                <dd>{location.hours}</dd>
              </dl>
            </details>
          ))}
        </section>
      </>
    );
  }

  return (
    <dialog className="availability" ref={panel} aria-labelledby={titleId}>
      <header className="availability__head">
        <div>
          <h2 id={titleId}>{strings.title}</h2>
          <p className="muted">{productName}</p>
        </div>
        <button
          type="button"
          ref={closeButton}
          className="availability__close"
          onClick={onClose}
          aria-label={strings.close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="availability__body">{body}</div>
    </dialog>
  );
}
