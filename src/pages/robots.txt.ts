import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/seo/seo.ts';
import { env } from '../lib/env.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? env().PUBLIC_SITE_URL), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
