import { useEffect, useRef } from 'react';
import { checkoutKeyStorageName } from './checkout-fields.ts';

/**
 * What the checkout island keeps besides its form: the idempotency key shared by the tabs of
 * one checkout, today's date in the browser, and its schema loaded on first use.
 */

/**
 * The schema (zod) and its resolver load when the shopper first focuses the form, or at the
 * latest on submit: the page itself stays within its JavaScript budget (decision 019).
 */
let validation: Promise<[typeof import('@hookform/resolvers/zod'), typeof import('./checkout.ts')]> | undefined;
export function loadValidation() {
  if (validation) return validation;
  const loading = Promise.all([import('@hookform/resolvers/zod'), import('./checkout.ts')]);
  validation = loading;
  loading.catch((error: unknown) => {
    // Offline, say: the next focus or submit tries again.
    console.warn('Could not load the checkout validation', error);
    if (validation === loading) validation = undefined;
  });
  return loading;
}

/** Today in the browser's own time zone, as YYYY-MM-DD. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The idempotency key of the checkout in progress: made once, kept in localStorage so a
 * retry, a reload or a second tab of the same checkout sends the same key; forgotten once a
 * request was made with it.
 */
export function useCheckoutKey(userId: string, suggested: string) {
  const key = useRef(suggested);
  const storage = checkoutKeyStorageName(userId);
  useEffect(() => {
    try {
      const stored = localStorage.getItem(storage);
      if (stored) key.current = stored;
      else localStorage.setItem(storage, suggested);
    } catch (error) {
      // Storage refused (private mode): this tab keeps the page's key.
      console.warn('Could not keep the checkout key', error);
    }
  }, [storage, suggested]);
  return {
    get: () => key.current,
    forget: () => {
      try {
        if (localStorage.getItem(storage) === key.current) localStorage.removeItem(storage);
      } catch (error) {
        console.warn('Could not forget the checkout key', error);
      }
    },
  };
}

/** A field's aria-describedby: its hint and its error, when it has them. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
