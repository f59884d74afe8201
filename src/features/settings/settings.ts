import { z } from 'zod';
import pkg from '../../../package.json' with { type: 'json' };

/** App settings as GET /api/app_settings returns them (spec §3). */
export const CustomerTypeSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const AppSettingsSchema = z.object({
  app_env: z.enum(['development', 'test', 'production']).default('development'),
  backend_version: z.string(),
  password_min_length: z.number().int().min(8).default(8),
  default_customer_type: CustomerTypeSchema,
  home_page: z.object({ category_ids: z.array(z.number().int()), category_slug: z.string() }),
  locations: z.object({ primary_location_type_ids_for_product_page: z.array(z.number().int()) }),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export type CustomerType = z.infer<typeof CustomerTypeSchema>;

/** The client's own version, added to the server's settings. */
export const FRONTEND_VERSION: string = pkg.version;

export type ClientAppSettings = AppSettings & { frontend_version: string };

export function withFrontendVersion(settings: AppSettings): ClientAppSettings {
  return { ...settings, frontend_version: FRONTEND_VERSION };
}

/** A customer type is the default one if its id is the default's id, or it has no id. */
export function isDefaultCustomerType(
  type: { id: number | null | undefined },
  settings: Pick<AppSettings, 'default_customer_type'>,
): boolean {
  return type.id === null || type.id === undefined || type.id === settings.default_customer_type.id;
}
