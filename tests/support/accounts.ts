import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  request as playwrightRequest,
} from '@playwright/test';
import { linkIn, waitForMail } from './outbox.ts';

/**
 * End-to-end account fixtures: the seeded demo accounts, new confirmed accounts made through
 * the real sign-up and confirmation, and sign-in through the API (the browser context keeps
 * the cookies), so tests that are not about the sign-in form skip it.
 */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4329}`;
export const SAME_ORIGIN = { origin: BASE_URL };

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin-pass-2026', firstName: 'Nadia' },
  customer: { email: 'customer@example.com', password: 'Customer-pass-2026', firstName: 'Emily' },
  trade: { email: 'trade@example.com', password: 'Trade-pass-2026', firstName: 'Marc' },
} as const;

export type Role = keyof typeof DEMO;

let counter = 0;
export function newEmail(label: string): string {
  counter += 1;
  return `e2e.${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Signs up through POST /api/auth/register and follows the e-mailed confirmation link. */
export async function createConfirmedAccount(
  request: APIRequestContext,
  options: { label?: string; locale?: 'en' | 'fr'; professional?: boolean } = {},
): Promise<NewAccount> {
  const account = {
    email: newEmail(options.label ?? 'user'),
    password: 'a garden of forking paths',
    firstName: 'Rosa',
    lastName: 'Gallica',
  };
  const response = await request.post('/api/auth/register', {
    headers: { ...SAME_ORIGIN, 'accept-language': options.locale === 'fr' ? 'fr-CA' : 'en-CA' },
    data: {
      ...account,
      phone: '',
      confirmPassword: account.password,
      isLandscapeProfessional: options.professional ?? false,
      tradeAccount: null,
      locationId: 1,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await waitForMail(account.email, 'confirm_email');
  const confirm = await request.get(linkIn(mail, 'confirm').pathname);
  expect(confirm.status()).toBe(200);
  return account;
}

/** Signs the browser context in through the API. */
export async function signIn(context: BrowserContext, who: Role | { email: string; password: string }) {
  const credentials = typeof who === 'string' ? DEMO[who] : who;
  const response = await context.request.post('/api/auth/sign-in', {
    headers: SAME_ORIGIN,
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An API client with its own cookie jar, signed in (or not). */
export async function apiClient(who?: Role | { email: string; password: string }): Promise<APIRequestContext> {
  const client = await playwrightRequest.newContext({ baseURL: BASE_URL });
  if (who) {
    const credentials = typeof who === 'string' ? DEMO[who] : who;
    const response = await client.post('/api/auth/sign-in', {
      headers: SAME_ORIGIN,
      data: { email: credentials.email, password: credentials.password },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return client;
}

/**
 * Waits until the islands inside a part of the page are interactive: typing into the
 * server's HTML before React takes over would be lost. Scrolling brings client:visible in;
 * islands that wait for a first use (client:interaction) are told of a focus, as a shopper's
 * tab into them would.
 */
export async function hydrated(region: Locator): Promise<Locator> {
  await region.scrollIntoViewIfNeeded();
  for (const island of await region.locator('astro-island[ssr][client="interaction"]').all()) {
    await island.dispatchEvent('focusin');
  }
  await expect(region.locator('astro-island[ssr]')).toHaveCount(0);
  return region;
}

/** Islands that hydrate by themselves (at load, idle or visible), not those waiting for a first use. */
export const SELF_HYDRATING_SSR_ISLANDS = 'astro-island[ssr]:not([client="interaction"])';
