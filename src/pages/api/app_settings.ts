import type { APIRoute } from 'astro';
import { loadAppSettings } from '../../features/settings/settings.server.ts';
import { withFrontendVersion } from '../../features/settings/settings.ts';
import { getDb } from '../../lib/db/index.server.ts';
import { env } from '../../lib/env.ts';
import { json } from '../../lib/http/api.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const settings = await loadAppSettings(await getDb(), env().APP_ENV, locals.locale);
  return json(withFrontendVersion(settings), { headers: { 'cache-control': 'public, max-age=60' } });
};
