import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../features/accounts/auth.server.ts';
import { getPublisher, publishStatus } from '../../../features/publishing/publishing.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** The last builds: state, times, duration, reason of a failure. */
export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  return json(await publishStatus(await getDb()));
};

/** Publishes now (a retry after a failure, or after a change made outside the admin). */
export const POST: APIRoute = async ({ locals }) => {
  const user = requireAdmin(locals);
  const publisher = getPublisher();
  const t = getT(locals.locale, 'catalog-admin');
  if (!publisher) throw new ApiError(503, 'publishing_unavailable', t('publish.modeNone'));
  const db = await getDb();
  await publisher.request({ db, userId: user.id, full: true });
  return json(await publishStatus(db), { status: 202 });
};
