import { atom } from 'nanostores';
import { ApiError, api } from '../../lib/http/client.ts';
import { settledAuthStatus } from '../accounts/auth.client.ts';

/**
 * "My sales yard": kept in the browser (localStorage) for everyone and, for a signed-in
 * shopper, in the profile too (PUT /api/profile/location). It orders every availability list.
 */
export const MY_LOCATION_KEY = 'nursery:my-location';
export const $myLocationId = atom<number | null>(null);

let loaded = false;

/** Reads the browser's choice once; later changes are written back. Safe to call often. */
export function loadMyLocation(): void {
  if (loaded || typeof localStorage === 'undefined') return;
  loaded = true;
  const stored = Number(localStorage.getItem(MY_LOCATION_KEY));
  if (Number.isSafeInteger(stored) && stored > 0) $myLocationId.set(stored);
  $myLocationId.listen((id) => {
    if (id === null) localStorage.removeItem(MY_LOCATION_KEY);
    else localStorage.setItem(MY_LOCATION_KEY, String(id));
  });
}

/** The server's choice for a signed-in shopper, when this browser has none of its own. */
export function adoptAccountLocation(id: number | null): void {
  loadMyLocation();
  if (id !== null && $myLocationId.get() === null) $myLocationId.set(id);
}

/**
 * Makes a yard the shopper's own: at once in this browser, then in the profile. Resolves
 * 'account' when the profile has it, 'browser' for a visitor who is not signed in.
 */
export async function chooseMyLocation(id: number): Promise<'account' | 'browser'> {
  loadMyLocation();
  $myLocationId.set(id);
  // A visitor's choice stays in this browser: no request the server can only refuse.
  if ((await settledAuthStatus()) !== 'authenticated') return 'browser';
  try {
    await api('/api/profile/location', {
      method: 'PUT',
      body: { locationId: id },
      visitorRefusalHandled: true,
    });
    return 'account';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'browser';
    throw error;
  }
}
