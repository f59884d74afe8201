import type { TFunction } from 'i18next';
import { getDb } from '../../lib/db/index.server.ts';
import { ApiError } from '../../lib/http/api.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';
import { requireUser } from '../accounts/auth.server.ts';
import type { SessionUser } from '../accounts/session.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import { ListDeletionRefusedError, ListNotFoundError, loadList } from './lists.server.ts';
import { idParam, LIST_ERROR } from './lists.ts';

/** What every /api/lists endpoint starts with: the signed-in user and the `lists` strings. */
export interface ListRequest {
  user: SessionUser;
  locale: Locale;
  t: TFunction;
}

export function requireListUser(locals: App.Locals): ListRequest {
  const user = requireUser(locals);
  return { user, locale: locals.locale, t: getT(locals.locale, 'lists') };
}

/** The id in the path; anything but a positive integer is the same 404 as another user's list. */
export function requirePathId(value: string | undefined, t: TFunction): number {
  const id = idParam(value);
  if (id === undefined) throw listNotFound(t);
  return id;
}

function listNotFound(t: TFunction, cause?: unknown): ApiError {
  return new ApiError(404, LIST_ERROR.notFound, t('errors.notFound'), { cause });
}

export type ListAction =
  | 'create'
  | 'edit'
  | 'makeDefault'
  | 'delete'
  | 'quantity'
  | 'removeItem'
  | 'addAll'
  | 'addToList';

/**
 * The API error for what a list function threw: another user's (or no) list → 404 with no
 * data; a refused delete → 409 with the spec's code and message; a plant no longer for sale
 * → 404 with the action's message. Anything else is rethrown as it is (a 500).
 */
export function listApiError(error: unknown, t: TFunction, action: ListAction): unknown {
  if (error instanceof ListNotFoundError) return listNotFound(t, error);
  if (error instanceof ListDeletionRefusedError) {
    return error.reason === 'default'
      ? new ApiError(409, LIST_ERROR.notSafeToDestroy, t('errors.notSafeToDestroy'), { cause: error })
      : new ApiError(409, LIST_ERROR.onlyList, t('errors.onlyList'), { cause: error });
  }
  if (error instanceof VariantUnavailableError) {
    return new ApiError(404, 'variant_not_found', t(`errors.${action}`), { cause: error });
  }
  return error;
}

/**
 * The list a `/lists/{id}` page shows: the signed-in user's own, or undefined (the page
 * answers 404 with nothing of the list in it). Middleware has already sent visitors to sign in.
 */
export async function listForPage(locals: App.Locals, idText: string | undefined, locale: Locale) {
  if (!locals.user) throw new Error('A list page needs a signed-in user');
  const listId = idParam(idText);
  if (listId === undefined) return undefined;
  return loadList(await getDb(), locals.user, listId, locale);
}
