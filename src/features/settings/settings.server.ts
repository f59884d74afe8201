import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { type AppSettings, AppSettingsSchema } from './settings.ts';

const DEFAULTS = {
  backend_version: '1.0.0',
  password_min_length: 8,
  default_customer_type_id: 1,
  home_page: { category_ids: [] as number[], category_slug: 'trees' },
  locations: { primary_location_type_ids_for_product_page: [1] },
};

/** Reads the settings rows, fills the documented defaults, and names the default customer type. */
export async function loadAppSettings(
  db: Kysely<Database>,
  appEnv: AppSettings['app_env'],
  locale: Locale = 'en',
): Promise<AppSettings> {
  const rows = await db.selectFrom('app_settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value as unknown]));
  const pick = <K extends keyof typeof DEFAULTS>(key: K): (typeof DEFAULTS)[K] =>
    (stored.get(key) as (typeof DEFAULTS)[K] | undefined) ?? DEFAULTS[key];
  const defaultTypeId = pick('default_customer_type_id');
  const type = await db
    .selectFrom('customer_types')
    .select(['id', 'name_en', 'name_fr'])
    .where('id', '=', defaultTypeId)
    .executeTakeFirst();
  return AppSettingsSchema.parse({
    app_env: appEnv,
    backend_version: String(pick('backend_version')),
    password_min_length: pick('password_min_length'),
    default_customer_type: { id: type?.id ?? null, name: type ? (locale === 'fr' ? type.name_fr : type.name_en) : '' },
    home_page: pick('home_page'),
    locations: pick('locations'),
  });
}
