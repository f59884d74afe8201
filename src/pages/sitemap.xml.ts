import type { APIRoute } from 'astro';
import { sitemapXml } from '../features/seo/seo.ts';
import { sitemapPages } from '../features/seo/sitemap.build.ts';
import { env } from '../lib/env.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(sitemapXml(await sitemapPages(), site ?? env().PUBLIC_SITE_URL), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
