import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../features/accounts/auth.server.ts';
import { loadDashboard } from '../../../features/admin-dashboard/dashboard.server.ts';
import { parseRange } from '../../../features/admin-dashboard/dashboard.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** Every dashboard figure for ?from=YYYY-MM-DD&to=YYYY-MM-DD (default: the last 90 days). */
export const GET: APIRoute = async ({ url, locals }) => {
  requireAdmin(locals);
  const { range, refused } = parseRange(url.searchParams);
  if (refused) throw new ApiError(422, 'invalid_range', getT(locals.locale, 'dashboard')('range.refused'));
  return json(await loadDashboard(await getDb(), range));
};
