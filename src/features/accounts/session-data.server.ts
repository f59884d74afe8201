import type { Kysely } from 'kysely';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import type { SessionData } from './accounts.ts';
import { hasTradePricing, type SessionUser } from './session.ts';

/** Read by every page a signed-in shopper opens (GET /api/session): prepared once. */
const customerTypeStatement = preparedStatement((db) =>
  db.selectFrom('customer_types').select(['id', 'name_en', 'name_fr']).where('id', '=', placeholder<number>('id')),
);

/** The session data of spec §3: the user, their customer type, and what the shell needs. */
export async function loadSessionData(db: Kysely<Database>, user: SessionUser, locale: Locale): Promise<SessionData> {
  const [type] = (await customerTypeStatement(db, { id: user.customerTypeId })).rows;
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
    customer_type: { id: user.customerTypeId, name: (locale === 'fr' ? type?.name_fr : type?.name_en) ?? '' },
    trade_pricing: hasTradePricing(user),
    default_location_id: user.defaultLocationId,
  };
}
