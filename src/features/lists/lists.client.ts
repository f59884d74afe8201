import { api, type HttpMethod } from '../../lib/http/client.ts';
import { createFetcherStore, queryCache } from '../../lib/http/query.ts';
import { publishCartCount } from '../cart/cart.client.ts';
import type { AddedToList, AddToList, ListDetailsInput, ListSummary, ListToCartResult } from './lists.ts';

/**
 * The lists' calls from the browser, all through the one HTTP client (the session refresh
 * protocol of spec §8): a failure is an ApiError carrying the server's stable code, and the
 * field messages of a refused form. The shopper's lists are read through the one data cache;
 * every change marks them stale.
 */
const LISTS_KEY = '/api/lists';

export const $lists = createFetcherStore<{ lists: ListSummary[] }>(LISTS_KEY, {
  onError: (error) => console.error('Could not load the lists', error),
});

async function call<T>(path: string, method: HttpMethod, body?: unknown): Promise<T> {
  const result = await api<T>(path, { method, body });
  if (method !== 'GET') queryCache.invalidateKeys(LISTS_KEY);
  return result;
}

export const createList = (details: ListDetailsInput) => call<ListSummary>('/api/lists', 'POST', details);

export const updateList = (listId: number, details: ListDetailsInput) =>
  call<ListSummary>(`/api/lists/${listId}`, 'PATCH', details);

export const makeDefaultList = (listId: number) => call<void>(`/api/lists/${listId}/default`, 'POST');

export const deleteList = (listId: number) => call<void>(`/api/lists/${listId}`, 'DELETE');

export const addToList = (listId: number, item: AddToList) =>
  call<AddedToList>(`/api/lists/${listId}/items`, 'POST', item);

export const setListItemQuantity = (listId: number, variantId: number, quantity: number) =>
  call<{ variantId: number; quantity: number }>(`/api/lists/${listId}/items/${variantId}`, 'PATCH', { quantity });

export const removeListItem = (listId: number, variantId: number) =>
  call<void>(`/api/lists/${listId}/items/${variantId}`, 'DELETE');

/** Puts the list's lines (or those named) in the cart; the header's count follows at once. */
export async function addListToCart(listId: number, variantIds?: number[]): Promise<ListToCartResult> {
  const result = await call<ListToCartResult>(`/api/lists/${listId}/cart`, 'POST', variantIds ? { variantIds } : {});
  publishCartCount(result.count);
  return result;
}

/** A message left for the next page (the lists index after a delete), shown once. */
const FLASH_KEY = 'nursery:lists-flash';

export function leaveFlash(message: string): void {
  sessionStorage.setItem(FLASH_KEY, message);
}

export function takeFlash(): string | null {
  const message = sessionStorage.getItem(FLASH_KEY);
  if (message !== null) sessionStorage.removeItem(FLASH_KEY);
  return message;
}
