import type { Role } from '../../lib/db/schema.ts';

/** Who is signed in, as every page and endpoint sees it (`Astro.locals.user`). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  customerTypeId: number;
  /** The customer type's name in both languages, read with the user (GET /api/session shows it). */
  customerTypeName: { en: string; fr: string };
  isLandscapeProfessional: boolean;
  /** Linked in-house trade account: trade prices and purchase history apply. */
  inHouseAccountId: number | null;
  defaultLocationId: number | null;
  locale: 'en' | 'fr';
}

export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'super_admin';
}

/** Trade pricing applies to a signed-in user with a linked in-house account. */
export function hasTradePricing(user: Pick<SessionUser, 'inHouseAccountId'> | null | undefined): boolean {
  return user?.inHouseAccountId !== null && user?.inHouseAccountId !== undefined;
}

/** The access session of a request: how it was presented and when it ends. */
export interface SessionInfo {
  id: string;
  expiresAt: Date;
  refreshTokenId: string | null;
  via: 'cookie' | 'bearer';
}
