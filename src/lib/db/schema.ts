import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type {
  EmailTokensTable,
  InHouseAccountsTable,
  InHousePurchaseLinesTable,
  InHousePurchasesTable,
  RateLimitsTable,
  RefreshTokensTable,
  SessionsTable,
  UsersTable,
} from './schema-accounts.ts';
import type { CreatedAt, Exposure, Json, NullableTimestamp, RootBall, SizeKind, UpdatedAt } from './schema-columns.ts';
import type {
  QuoteDecisionTokensTable,
  QuoteMessagesTable,
  QuoteRequestAssignmentsTable,
  QuoteRequestDecisionsTable,
  QuoteRequestDeliveriesTable,
  QuoteRequestItemsTable,
  QuoteRequestPickupsTable,
  QuoteRequestPricingTable,
  QuoteRequestStatusHistoryTable,
  QuoteRequestsTable,
  QuoteVersionAlternativesTable,
  QuoteVersionLinesTable,
  QuoteVersionsTable,
  QuoteVersionTaxesTable,
  StockHoldsTable,
} from './schema-quotes.ts';

/**
 * Table types for Kysely, written by hand to match supabase/migrations. tests/integration/schema.test.ts
 * checks the list of tables (TABLES) against a migrated database; the columns are checked by
 * `astro check` on the queries and by the database suites that run them on both engines.
 */

// The value sets, the account tables and the quote tables are in the files beside this one;
// importers keep this file.
export type * from './schema-accounts.ts';
export type * from './schema-columns.ts';
export type * from './schema-quotes.ts';

export interface CustomerTypesTable {
  id: number;
  code: string;
  name_en: string;
  name_fr: string;
}

export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: UpdatedAt;
}

export interface LocationTypesTable {
  id: number;
  code: string;
  name_en: string;
  name_fr: string;
}

export interface LocationsTable {
  id: GeneratedAlways<number>;
  code: string;
  location_type_id: number;
  name_en: string;
  name_fr: string;
  street_address: string;
  city: string;
  province: string;
  postal_code: string;
  phone: string;
  hours_en: string;
  hours_fr: string;
  latitude: number | null;
  longitude: number | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface CategoriesTable {
  id: GeneratedAlways<number>;
  parent_id: number | null;
  slug_en: string;
  slug_fr: string;
  path_en: string;
  path_fr: string;
  name_en: string;
  name_fr: string;
  description_en: Generated<string>;
  description_fr: Generated<string>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductsTable {
  id: GeneratedAlways<number>;
  code: string;
  category_id: number;
  slug_en: string;
  slug_fr: string;
  name_en: string;
  name_fr: string;
  botanical_name: string;
  description_en: Generated<string>;
  description_fr: Generated<string>;
  disclaimer_en: Generated<string>;
  disclaimer_fr: Generated<string>;
  hardiness_zone: number | null;
  exposure: ColumnType<Exposure[], Exposure[] | undefined, Exposure[]>;
  height_cm: number | null;
  spread_cm: number | null;
  bloom_from: number | null;
  bloom_to: number | null;
  flower_colour_en: string | null;
  flower_colour_fr: string | null;
  foliage_colour_en: string | null;
  foliage_colour_fr: string | null;
  is_published: Generated<boolean>;
  is_featured: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  search_en: GeneratedAlways<string>;
  search_fr: GeneratedAlways<string>;
  search_names: GeneratedAlways<string>;
  search_name_en: GeneratedAlways<string>;
  search_name_fr: GeneratedAlways<string>;
  search_words: GeneratedAlways<string>;
  name_key_en: GeneratedAlways<string>;
  name_key_fr: GeneratedAlways<string>;
  botanical_key: GeneratedAlways<string>;
}

export interface ProductImagesTable {
  id: GeneratedAlways<number>;
  product_id: number;
  position: number;
  storage_key: string;
  width: number;
  height: number;
  alt_en: Generated<string>;
  alt_fr: Generated<string>;
  title_en: Generated<string>;
  title_fr: Generated<string>;
  created_at: CreatedAt;
  variants: ColumnType<ImageVariantRow[], string | undefined, string>;
  original_name: Generated<string>;
}

/** One web rendition of a product image (product_images.variants). */
export interface ImageVariantRow {
  width: number;
  height: number;
  format: 'webp' | 'jpeg';
  key: string;
  bytes: number;
}

export type SiteBuildTarget = 'local' | 'vercel';
export type SiteBuildState = 'queued' | 'running' | 'succeeded' | 'failed' | 'requested';
/** A full `astro build`, or only the pages an edit touched (local builds; null on Vercel). */
export type SiteBuildKind = 'full' | 'incremental' | 'nightly';

export interface SiteBuildsTable {
  id: GeneratedAlways<number>;
  target: SiteBuildTarget;
  state: SiteBuildState;
  requested_by: string | null;
  requested_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  build_id: string | null;
  products: number | null;
  error: string | null;
  kind: SiteBuildKind | null;
  /** Pages an incremental publish rendered again. */
  pages: number | null;
}

export interface MailOutboxTable {
  id: GeneratedAlways<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  last_error: string | null;
  /** Set when the last allowed attempt failed: never retried by the worker, only by a staff member. */
  dead_at: NullableTimestamp;
  /** The address of the last failed attempt (the staff view). */
  recipient: string | null;
}

export interface VariantsTable {
  id: GeneratedAlways<number>;
  product_id: number;
  sku: string;
  size_label: string;
  size_kind: SizeKind;
  /** The size's numbers in the kind's unit (src/lib/size.ts); null when the label could not be read. */
  size_values: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
  size_root_ball: ColumnType<RootBall | null, RootBall | null | undefined, RootBall | null>;
  sort_order: Generated<number>;
  list_price_cents: number;
  trade_price_cents: number;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface StockLevelsTable {
  variant_id: number;
  location_id: number;
  quantity: number;
  updated_at: UpdatedAt;
}

export interface CartsTable {
  id: Generated<string>;
  user_id: string | null;
  guest_token_hash: Uint8Array | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /**
   * Raised by every statement that changes the cart's lines (migration 20261128100000), so a
   * submit writes the request only if the cart is still the one it read.
   */
  version: Generated<number>;
}

export interface CartItemsTable {
  /** The line's own id, for /api/cart/items/{id} (migration 20261125100000). */
  id: GeneratedAlways<number>;
  cart_id: string;
  variant_id: number;
  quantity: number;
  added_at: CreatedAt;
}

export interface WishlistsTable {
  id: GeneratedAlways<number>;
  user_id: string;
  name: string;
  description: Generated<string>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WishlistItemsTable {
  wishlist_id: number;
  variant_id: number;
  quantity: Generated<number>;
  added_at: CreatedAt;
}

export interface RedirectsTable {
  id: GeneratedAlways<number>;
  from_path: string;
  to_location: string;
  status: Generated<301 | 302 | 307 | 308>;
  created_at: CreatedAt;
}

export interface ContentPagesTable {
  id: GeneratedAlways<number>;
  key: string;
  slug_en: string;
  slug_fr: string;
  title_en: string;
  title_fr: string;
  summary_en: Generated<string>;
  summary_fr: Generated<string>;
  body_en: string;
  body_fr: string;
  updated_at: UpdatedAt;
}

/** A product whose catalogue rows changed, noted by triggers for incremental publishing (decision 050). */
export interface CatalogChangesTable {
  product_id: number;
  /** The writing transaction's id (xid8, read as text). */
  txid: Generated<string>;
  changed_at: CreatedAt;
}

export interface Database {
  customer_types: CustomerTypesTable;
  app_settings: AppSettingsTable;
  location_types: LocationTypesTable;
  locations: LocationsTable;
  in_house_accounts: InHouseAccountsTable;
  in_house_purchases: InHousePurchasesTable;
  in_house_purchase_lines: InHousePurchaseLinesTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  variants: VariantsTable;
  stock_levels: StockLevelsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  wishlists: WishlistsTable;
  wishlist_items: WishlistItemsTable;
  quote_requests: QuoteRequestsTable;
  quote_request_items: QuoteRequestItemsTable;
  quote_request_deliveries: QuoteRequestDeliveriesTable;
  quote_request_pickups: QuoteRequestPickupsTable;
  quote_request_status_history: QuoteRequestStatusHistoryTable;
  quote_request_assignments: QuoteRequestAssignmentsTable;
  quote_request_pricing: QuoteRequestPricingTable;
  quote_decision_tokens: QuoteDecisionTokensTable;
  quote_request_decisions: QuoteRequestDecisionsTable;
  quote_versions: QuoteVersionsTable;
  quote_version_lines: QuoteVersionLinesTable;
  quote_version_alternatives: QuoteVersionAlternativesTable;
  quote_version_taxes: QuoteVersionTaxesTable;
  stock_holds: StockHoldsTable;
  catalog_changes: CatalogChangesTable;
  quote_messages: QuoteMessagesTable;
  redirects: RedirectsTable;
  content_pages: ContentPagesTable;
  site_builds: SiteBuildsTable;
  mail_outbox: MailOutboxTable;
}

export const TABLES = [
  'customer_types',
  'app_settings',
  'location_types',
  'locations',
  'in_house_accounts',
  'in_house_purchases',
  'in_house_purchase_lines',
  'users',
  'sessions',
  'refresh_tokens',
  'email_tokens',
  'rate_limits',
  'categories',
  'products',
  'product_images',
  'variants',
  'stock_levels',
  'carts',
  'cart_items',
  'wishlists',
  'wishlist_items',
  'quote_requests',
  'quote_request_items',
  'quote_request_deliveries',
  'quote_request_pickups',
  'quote_request_status_history',
  'quote_request_assignments',
  'quote_request_pricing',
  'quote_decision_tokens',
  'quote_request_decisions',
  'quote_versions',
  'quote_version_lines',
  'quote_version_alternatives',
  'quote_version_taxes',
  'stock_holds',
  'catalog_changes',
  'quote_messages',
  'redirects',
  'content_pages',
  'site_builds',
  'mail_outbox',
] as const satisfies readonly (keyof Database)[];
