import type { Locale } from '../../lib/i18n/index.ts';

/** The development sandbox (spec §2): pages for trying components, never in production. */

export const SANDBOX_PAGES = ['currency', 'button-group', 'charts', 'vue-query', 'my-location', 'sign-up'] as const;
export type SandboxPage = (typeof SANDBOX_PAGES)[number];

export function sandboxPath(page: SandboxPage | null, locale: Locale): string {
  const path = page ? `/sandbox/${page}` : '/sandbox';
  return locale === 'fr' ? `/fr${path}` : path;
}

export function isSandboxPath(pathname: string): boolean {
  return /^(\/fr)?\/sandbox(\/|$)/.test(pathname);
}

export function sandboxEnabled(appEnv: 'development' | 'test' | 'production'): boolean {
  return appEnv !== 'production';
}
