import type { APIRoute } from 'astro';
import { loadAvailability, ProductNotFoundError } from '../../../../features/inventory/inventory.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { getT, LocaleSchema } from '../../../../lib/i18n/index.ts';
import { parseId } from '../../../../lib/ids.ts';

export const prerender = false;

/** Live stock per variant per sales yard, and the price the current user pays. */
export const GET: APIRoute = async ({ params, url, locals }) => {
  // The island names its page's language: yard names and hours come back in it.
  const requested = LocaleSchema.safeParse(url.searchParams.get('locale'));
  const locale = requested.success ? requested.data : locals.locale;
  const notFound = (cause?: unknown) =>
    new ApiError(404, 'product_not_found', getT(locale, 'errors')('http.notFound'), { cause });
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  try {
    return json(await loadAvailability(await getDb(), id, locals.user, locale), {
      headers: { 'cache-control': 'private, no-store' },
    });
  } catch (error) {
    if (error instanceof ProductNotFoundError) throw notFound(error);
    throw error;
  }
};
