// @ts-check
import { readdirSync } from 'node:fs';
import node from '@astrojs/node';
import react from '@astrojs/react';
import vercel from '@astrojs/vercel';
import { defineConfig } from 'astro/config';
import { catalogueOnDemandOnVercel } from './src/features/publishing/isr.integration.ts';
import { vercelIsrOptions } from './src/features/publishing/isr.ts';
import { keepPrerenderer } from './src/features/publishing/render-worker.integration.ts';
import { redirectsFromCatalog } from './src/features/redirects/redirects.integration.ts';
import { buildManifest } from './src/features/shell/build-manifest.integration.ts';
import { securityHeadersOnVercel } from './src/features/shell/security-headers.integration.ts';
import { pageTranslationsFromCatalogBuild } from './src/features/translations/page-translations.integration.ts';
import { contentSecurityPolicy } from './src/lib/http/security-headers.ts';
import { interactionIslands } from './src/lib/islands/islands.integration.ts';

// One build for `npm start` (Node standalone) and one for Vercel. Vercel sets VERCEL=1 in
// its build environment; `npm run build:vercel` sets it here so CI checks both builds.
const onVercel = process.env.VERCEL === '1';
const SHELL_MODULES =
  /[\\/](src[\\/]lib[\\/](http[\\/](client|query|session-refresh|token-schedule)\.ts|cart-count\.ts|toasts\.ts|i18n[\\/]locale\.ts)|src[\\/]features[\\/](accounts[\\/]auth|cart[\\/]cart|catalog[\\/]trade-from-prices)\.client\.ts|node_modules[\\/](@nanostores[\\/]query|nanostores)[\\/])/;

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://127.0.0.1:4321',
  output: 'static',
  // On Vercel the catalogue pages an edit touches are rendered on demand and cached by ISR
  // until a publish revalidates them (docs/decisions/050-incremental-publish.md).
  adapter: onVercel
    ? vercel({
        isr: vercelIsrOptions(process.env.VERCEL_ISR_BYPASS_TOKEN),
        // The functions open the database, which applies missing migrations first (src/lib/db).
        includeFiles: readdirSync(new URL('./supabase/migrations/', import.meta.url)).map(
          (name) => `./supabase/migrations/${name}`,
        ),
      })
    : node({ mode: 'middleware' }),
  integrations: [
    react(),
    interactionIslands(),
    redirectsFromCatalog(),
    pageTranslationsFromCatalogBuild(),
    buildManifest(),
    keepPrerenderer(),
    catalogueOnDemandOnVercel(onVercel),
    securityHeadersOnVercel(),
  ],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  compressHTML: true,
  i18n: {
    locales: ['en', 'fr'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  security: {
    checkOrigin: true,
    // docs/decisions/023-security-headers.md: hashes of every script, no 'unsafe-inline'.
    csp: contentSecurityPolicy({
      key: process.env.APP_ENV === 'test' ? undefined : process.env.PUBLIC_POSTHOG_KEY,
      host: process.env.PUBLIC_POSTHOG_HOST,
    }),
  },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 2048 },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // The page shell's modules (the HTTP client and its session refresh, the data
              // cache, the cart count, toasts, nanostores) are on every page: one chunk
              // rather than nine, so one gzip window covers them (issue 13's budgets;
              // bench/page-weight.bench.ts).
              codeSplitting: { groups: [{ name: 'shell', test: SHELL_MODULES }] },
            },
          },
        },
      },
    },
  },
});
