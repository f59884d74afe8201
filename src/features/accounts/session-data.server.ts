import type { Locale } from '../../lib/i18n/index.ts';
import type { SessionData } from './accounts.ts';
import { hasTradePricing, type SessionUser } from './session.ts';

/**
 * The session data of spec §3: the user, their customer type, and what the shell needs. Read
 * by every page a signed-in shopper opens (GET /api/session), from what the session's lookup
 * already read: no statement of its own.
 */
export function sessionData(user: SessionUser, locale: Locale): SessionData {
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
    customer_type: { id: user.customerTypeId, name: user.customerTypeName[locale] },
    trade_pricing: hasTradePricing(user),
    default_location_id: user.defaultLocationId,
  };
}
