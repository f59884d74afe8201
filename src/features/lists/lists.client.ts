import { RequestError } from '../../lib/http/request.ts';
import { apiError, apiFetch } from '../accounts/auth.client.ts';
import { $cartCount } from '../shell/stores.ts';
import type { AddedToList, AddToList, ListDetailsInput, ListSummary, ListToCartResult } from './lists.ts';

/**
 * The lists' calls from the browser, all through `apiFetch` (the session refresh protocol
 * of spec §8): a failure is a RequestError carrying the server's stable code, and the field
 * messages of a refused form.
 */
export class ListRequestError extends RequestError {
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string>) {
    super(status, code, message);
    this.fields = fields;
  }
}

async function call<T>(path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<T> {
  const response = await apiFetch(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const error = await apiError(response);
    throw new ListRequestError(response.status, error.code, error.message, error.fields);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const fetchLists = () => call<{ lists: ListSummary[] }>('/api/lists', 'GET').then((body) => body.lists);

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
  $cartCount.set(result.count);
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
