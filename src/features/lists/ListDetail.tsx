import { useEffect, useRef, useState } from 'react';
import ConfirmDialog from '../../lib/dialog/ConfirmDialog.tsx';
import { formatMoney } from '../../lib/format.ts';
import { ApiError } from '../../lib/http/client.ts';
import { fill, plural } from '../../lib/i18n/locale.ts';
import { showToast } from '../../lib/toasts.ts';
import { Alert } from '../accounts/ui.tsx';
import ListDetailsForm, { type ListsStrings } from './ListDetailsForm.tsx';
import ListQuantityEditor from './ListQuantityEditor.tsx';
import {
  addListToCart,
  deleteList,
  leaveFlash,
  makeDefaultList,
  removeListItem,
  setListItemQuantity,
  updateList,
} from './lists.client.ts';
import { LIST_ERROR, type ListItemView, type ListToCartResult, type ListView } from './lists.ts';

interface Props {
  locale: 'en' | 'fr';
  list: ListView;
  /** `/lists` in the page's language. */
  listsPath: string;
  /** `?edit=1`: open with the edit form showing. */
  startEditing: boolean;
  strings: ListsStrings;
}

type Notice = { kind: 'error' | 'info'; message: string } | null;

/** One list: edit, make default, delete, each line's quantity, remove, add one or all to the cart. */
export default function ListDetail({ locale, list, listsPath, startEditing, strings }: Props) {
  const s = strings.detail;
  const [details, setDetails] = useState({ name: list.name, description: list.description, isDefault: list.isDefault });
  const [items, setItems] = useState(list.items);
  const [editing, setEditing] = useState(startEditing);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** The line whose removal awaits its confirmation. */
  const [removing, setRemoving] = useState<ListItemView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const money = (cents: number) => formatMoney(cents, locale);

  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);

  const fail = (message: string, error: unknown) => {
    console.error(message, error);
    setNotice({ kind: 'error', message });
  };

  /** What the cart did not take: sizes no longer sold, and sizes whose cart line is at 9,999. */
  const skippedNotice = (result: ListToCartResult) => {
    const names = (items: ListToCartResult['skipped']) =>
      items.map((item) => `${item.name} (${item.sizeLabel})`).join(', ');
    const message = [
      result.skipped.length > 0 ? fill(s.skipped, { names: names(result.skipped) }) : '',
      result.full.length > 0 ? fill(s.full, { names: names(result.full) }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    return message ? { kind: 'info' as const, message } : null;
  };

  const onMakeDefault = async () => {
    setBusy('default');
    setNotice(null);
    try {
      await makeDefaultList(list.id);
      setDetails((current) => ({ ...current, isDefault: true }));
      showToast(fill(s.madeDefault, { name: details.name }), 'success');
    } catch (error) {
      fail(strings.errors.makeDefault, error);
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    setBusy('delete');
    try {
      await deleteList(list.id);
      leaveFlash(fill(s.deleted, { name: details.name }));
      location.assign(listsPath);
    } catch (error) {
      setConfirmingDelete(false);
      const code = error instanceof ApiError ? error.code : '';
      const message =
        code === LIST_ERROR.notSafeToDestroy
          ? strings.errors.notSafeToDestroy
          : code === LIST_ERROR.onlyList
            ? strings.errors.onlyList
            : strings.errors.delete;
      fail(message, error);
      setBusy(null);
    }
  };

  const onAddToCart = async (variantIds?: number[]) => {
    setBusy(variantIds ? `cart-${variantIds[0]}` : 'cart-all');
    setNotice(null);
    try {
      const result = await addListToCart(list.id, variantIds);
      if (result.added > 0) {
        // In units, as the cart counts its items: a line of 2 is « 2 articles ajoutés ».
        showToast(
          variantIds ? s.addedOne : plural({ one: s.addedAll_one, other: s.addedAll_other }, result.unitsAdded, locale),
          'success',
        );
      }
      setNotice(skippedNotice(result));
    } catch (error) {
      fail(variantIds ? strings.errors.addItem : strings.errors.addAll, error);
    } finally {
      setBusy(null);
    }
  };

  const onRemove = async (item: ListItemView) => {
    setBusy(`remove-${item.variantId}`);
    setNotice(null);
    try {
      await removeListItem(list.id, item.variantId);
      setItems((current) => current.filter((entry) => entry.variantId !== item.variantId));
      showToast(fill(s.removed, { name: item.productName }), 'success');
    } catch (error) {
      fail(strings.errors.removeItem, error);
    } finally {
      setBusy(null);
    }
  };

  const onQuantity = async (item: ListItemView, quantity: number): Promise<boolean> => {
    setNotice(null);
    try {
      const saved = await setListItemQuantity(list.id, item.variantId, quantity);
      setItems((current) =>
        current.map((entry) => (entry.variantId === item.variantId ? { ...entry, quantity: saved.quantity } : entry)),
      );
      showToast(s.quantitySaved, 'success');
      return true;
    } catch (error) {
      fail(strings.errors.quantity, error);
      return false;
    }
  };

  const forSale = items.filter((item) => item.forSale);

  return (
    <div className="list-detail">
      <header className="list-head">
        <div className="list-head__text">
          <h1>{details.name}</h1>
          {details.isDefault && (
            <p className="list-head__default">
              <span className="badge badge--in">{strings.default}</span> <span className="muted">{s.isDefault}</span>
            </p>
          )}
          {details.description && <p className="list-head__description">{details.description}</p>}
        </div>
        <div className="list-head__actions">
          {!editing && (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
            >
              {s.edit}
            </button>
          )}
          {!details.isDefault && (
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => void onMakeDefault()}
              disabled={busy !== null}
            >
              {s.makeDefault}
            </button>
          )}
          <button
            type="button"
            className="btn btn--outline btn--sm btn--danger"
            onClick={() => {
              // The default list cannot go (spec §5): say so at once rather than after a confirmation.
              if (details.isDefault) {
                setNotice({ kind: 'error', message: strings.errors.notSafeToDestroy });
                return;
              }
              setNotice(null);
              setConfirmingDelete(true);
            }}
            disabled={busy !== null}
          >
            {s.delete}
          </button>
        </div>
      </header>

      <div ref={noticeRef}>
        {notice && (
          <Alert kind={notice.kind}>
            <p>{notice.message}</p>
          </Alert>
        )}
      </div>

      {editing && (
        <section className="card lists-panel" aria-label={s.editHeading}>
          <h2>{s.editHeading}</h2>
          <ListDetailsForm
            strings={strings}
            initial={{ name: details.name, description: details.description }}
            save={(values) => updateList(list.id, values)}
            onSaved={(saved) => {
              setDetails((current) => ({ ...current, name: saved.name, description: saved.description }));
              setEditing(false);
              showToast(s.saved, 'success');
            }}
            failedMessage={strings.errors.edit}
            submitLabel={s.save}
            busyLabel={s.saving}
            cancel={{ label: s.cancel, onCancel: () => setEditing(false) }}
            focusName
          />
        </section>
      )}

      <section className="list-items" aria-labelledby="list-items-heading">
        <div className="list-items__head">
          <h2 id="list-items-heading">{s.itemsHeading}</h2>
          {items.length > 0 && (
            <button
              type="button"
              className="btn"
              onClick={() => void onAddToCart()}
              disabled={busy !== null || forSale.length === 0}
            >
              {busy === 'cart-all' ? s.adding : s.addAll}
            </button>
          )}
        </div>
        {items.length === 0 ? (
          <div className="lists-empty">
            <p>{s.emptyItems}</p>
            <p>
              <a href={locale === 'fr' ? '/fr/categories' : '/categories'}>{s.browse}</a>
            </p>
          </div>
        ) : (
          <>
            <p className="muted">{s.pricesNote}</p>
            <ul className="list-lines">
              {items.map((item) => (
                <li key={item.variantId} className="card list-line" data-unavailable={item.forSale ? undefined : ''}>
                  <div className="list-line__picture">
                    <img src={item.picture.src} alt={item.picture.alt} width={96} height={96} loading="lazy" />
                  </div>
                  <div className="list-line__info">
                    <a className="list-line__name" href={item.productPath}>
                      {item.productName}
                    </a>
                    <i lang="la" className="list-line__botanical">
                      {item.botanicalName}
                    </i>
                    <span className="muted">
                      {s.size} {item.sizeLabel} · {fill(s.sku, { sku: item.sku })}
                    </span>
                    <span>
                      {fill(item.priceKind === 'trade' ? s.tradePrice : s.unitPrice, {
                        price: money(item.unitPriceCents),
                      })}
                    </span>
                    {!item.forSale && <span className="badge badge--out">{s.unavailable}</span>}
                  </div>
                  <div className="list-line__controls">
                    <ListQuantityEditor
                      item={item}
                      strings={strings}
                      disabled={busy !== null}
                      onCommit={(quantity) => onQuantity(item, quantity)}
                    />
                    <p className="list-line__subtotal">
                      <span className="muted">{s.subtotal}</span>{' '}
                      <strong>{money(item.unitPriceCents * item.quantity)}</strong>
                    </p>
                    <div className="list-line__buttons">
                      <button
                        type="button"
                        className="btn btn--sm"
                        aria-label={fill(s.addToCartOf, { name: item.productName, size: item.sizeLabel })}
                        onClick={() => void onAddToCart([item.variantId])}
                        disabled={busy !== null || !item.forSale}
                      >
                        {busy === `cart-${item.variantId}` ? s.adding : s.addToCart}
                      </button>
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        aria-label={fill(s.removeOf, { name: item.productName, size: item.sizeLabel })}
                        onClick={() => setRemoving(item)}
                        disabled={busy !== null}
                      >
                        {s.remove}
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {confirmingDelete && (
        <ConfirmDialog
          message={fill(s.deleteTitle, { name: details.name })}
          description={s.deleteBody}
          confirmLabel={busy === 'delete' ? s.deleting : s.deleteConfirm}
          cancelLabel={s.cancel}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirmingDelete(false)}
          danger
          busy={busy !== null}
        />
      )}
      {removing && (
        <ConfirmDialog
          message={fill(s.removeTitle, { name: removing.productName, size: removing.sizeLabel })}
          confirmLabel={s.remove}
          cancelLabel={s.cancel}
          onConfirm={() => {
            const item = removing;
            setRemoving(null);
            void onRemove(item);
          }}
          onCancel={() => setRemoving(null)}
          danger
          busy={busy !== null}
        />
      )}
    </div>
  );
}
