import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/**
 * Table types for Kysely, written by hand to match supabase/migrations. tests/integration/schema.test.ts
 * checks the list of tables (TABLES) against a migrated database; the columns are checked by
 * `astro check` on the queries and by the database suites that run them on both engines.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type Locale = 'en' | 'fr';
export type Role = 'customer' | 'admin' | 'super_admin';
export type Exposure = 'full_sun' | 'part_sun' | 'part_shade' | 'full_shade';
export type SizeKind = 'container' | 'pot' | 'height' | 'caliper' | 'balled_burlapped';
export type RootBall = 'wire_basket' | 'burlap';
export type Fulfilment = 'pickup' | 'delivery' | 'pickup_and_delivery';
export type PaymentPreference = 'cash' | 'charge_account' | 'credit_card';
export type QuoteStatus = 'submitted' | 'in_review' | 'quoted' | 'approved' | 'cancelled';
export type EmailTokenPurpose = 'confirm_email' | 'reset_password' | 'change_email';

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

export interface InHouseAccountsTable {
  id: GeneratedAlways<number>;
  account_number: string;
  account_phone: string;
  company_name: string;
  created_at: CreatedAt;
}

export interface InHousePurchasesTable {
  id: GeneratedAlways<number>;
  in_house_account_id: number;
  invoice_number: string;
  location_id: number | null;
  purchased_at: Timestamp;
  total_cents: number;
}

export interface InHousePurchaseLinesTable {
  purchase_id: number;
  line: number;
  sku: string;
  description_en: string;
  description_fr: string;
  quantity: number;
  unit_price_cents: number;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Generated<Role>;
  customer_type_id: number;
  is_landscape_professional: Generated<boolean>;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  locale: Generated<Locale>;
  default_location_id: number | null;
  in_house_account_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_sign_in_at: NullableTimestamp;
}

export interface SessionsTable {
  id: string;
  secret_hash: Uint8Array;
  user_id: string;
  refresh_token_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  secret_hash: Uint8Array;
  user_id: string;
  family_id: string;
  /** When the family's sign-in happened: no token of it outlives this by SESSION_MAX_AGE_MS. */
  family_started_at: CreatedAt;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface EmailTokensTable {
  id: string;
  secret_hash: Uint8Array;
  user_id: string;
  purpose: EmailTokenPurpose;
  new_email: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: Generated<number>;
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

export interface QuoteRequestsTable {
  id: GeneratedAlways<number>;
  reference: Generated<string>;
  idempotency_key: string;
  user_id: string;
  status: Generated<QuoteStatus>;
  locale: Locale;
  fulfilment: Fulfilment;
  preferred_date: ColumnType<string | null, string | null | undefined, string | null>;
  payment_preference: PaymentPreference;
  comments: Generated<string>;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string | null;
  customer_type_id: number;
  in_house_account_id: number | null;
  price_kind: 'list' | 'trade';
  subtotal_cents: number;
  submitted_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The desk's reason when it marked the customer tax-exempt on this request (decision 051). */
  tax_exempt_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member who works the request (decision 052). */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  assigned_at: NullableTimestamp;
  assigned_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest status history row's time, kept by a trigger (decision 052); null before one. */
  last_action_at: NullableTimestamp;
}

/** Every assignment (assignee set) and unassignment (assignee null) of a request. */
export interface QuoteRequestAssignmentsTable {
  id: GeneratedAlways<string>;
  quote_request_id: number;
  assignee_id: string | null;
  previous_assignee_id: string | null;
  assigned_by: string | null;
  assigned_at: CreatedAt;
}

export interface QuoteRequestItemsTable {
  quote_request_id: number;
  line: number;
  variant_id: number | null;
  product_code: string;
  sku: string;
  product_name_en: string;
  product_name_fr: string;
  botanical_name: string;
  size_label: string;
  size_kind: ColumnType<SizeKind | null, SizeKind | null | undefined, SizeKind | null>;
  size_values: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
  size_root_ball: ColumnType<RootBall | null, RootBall | null | undefined, RootBall | null>;
  quantity: number;
  unit_price_cents: number;
  quoted_unit_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface QuoteRequestStatusHistoryTable {
  id: GeneratedAlways<string>;
  quote_request_id: number;
  from_status: QuoteStatus | null;
  to_status: QuoteStatus;
  changed_by: string | null;
  note: Generated<string>;
  changed_at: CreatedAt;
}

export interface QuoteRequestPricingTable {
  quote_request_id: number;
  items_cents: number;
  fees_cents: number;
  taxes_cents: number;
  total_cents: number;
  priced_by: string | null;
  priced_at: CreatedAt;
}

export interface QuoteDecisionTokensTable {
  id: string;
  secret_hash: Uint8Array;
  quote_request_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** The version the link answers (null for links sent before versions existed). */
  version_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type VersionOutcome = 'accepted' | 'partial' | 'declined';
export type LineAnswer = 'accept' | 'alternative' | 'refuse';

export interface QuoteVersionsTable {
  id: GeneratedAlways<number>;
  quote_request_id: number;
  number: number;
  /** A `date`: the last day the version can be accepted (America/Toronto). */
  valid_until: ColumnType<string | Date, string, string>;
  note: Generated<string>;
  items_cents: number;
  fees_cents: number;
  taxes_cents: number;
  total_cents: number;
  created_by: string | null;
  created_at: CreatedAt;
  superseded_at: NullableTimestamp;
  outcome: ColumnType<VersionOutcome | null, VersionOutcome | null | undefined, VersionOutcome | null>;
  answered_at: NullableTimestamp;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_items_cents: ColumnType<number | null, number | null | undefined, number | null>;
  accepted_taxes_cents: ColumnType<number | null, number | null | undefined, number | null>;
  accepted_total_cents: ColumnType<number | null, number | null | undefined, number | null>;
  renewal_requested_at: NullableTimestamp;
  reminded_at: NullableTimestamp;
  /** Where the version is taxed and the exemption it was sent with (decision 051); null before taxes were computed. */
  tax_province: ColumnType<string | null, string | null | undefined, string | null>;
  tax_exempt_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A version's computed tax lines, as sent (decision 051). */
export interface QuoteVersionTaxesTable {
  version_id: number;
  position: number;
  code: 'gst' | 'hst' | 'qst' | 'pst' | 'rst';
  province: string;
  /** Thousandths of a percent. */
  rate: number;
  registration: Generated<string>;
  cents: number;
  accepted_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

interface OfferedItemColumns {
  variant_id: number | null;
  sku: string;
  product_name_en: string;
  product_name_fr: string;
  size_label: string;
  size_kind: ColumnType<SizeKind | null, SizeKind | null | undefined, SizeKind | null>;
  size_values: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
  size_root_ball: ColumnType<RootBall | null, RootBall | null | undefined, RootBall | null>;
  unit_price_cents: number;
}

export interface QuoteVersionLinesTable extends OfferedItemColumns {
  version_id: number;
  line: number;
  quantity: number;
  answer: ColumnType<LineAnswer | null, LineAnswer | null | undefined, LineAnswer | null>;
  chosen_alternative: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface QuoteVersionAlternativesTable extends OfferedItemColumns {
  version_id: number;
  line: number;
  position: number;
  reason: Generated<string>;
}

export type HoldReleaseReason = 'sold' | 'alternative' | 'refused' | 'declined' | 'superseded' | 'expired';

/** A product whose catalogue rows changed, noted by triggers for incremental publishing (decision 050). */
export interface CatalogChangesTable {
  product_id: number;
  /** The writing transaction's id (xid8, read as text). */
  txid: Generated<string>;
  changed_at: CreatedAt;
}

/** Stock held at a yard by an open quote version's line (decision 054). */
export interface StockHoldsTable {
  version_id: number;
  line: number;
  variant_id: number;
  location_id: number;
  quantity: number;
  created_at: CreatedAt;
  released_at: NullableTimestamp;
  release_reason: ColumnType<HoldReleaseReason | null, HoldReleaseReason | null | undefined, HoldReleaseReason | null>;
}

export type QuoteDecision = 'approved' | 'declined';

export interface QuoteRequestDecisionsTable {
  quote_request_id: number;
  decision: QuoteDecision;
  decided_by: string | null;
  decided_at: CreatedAt;
  ip_address: Generated<string>;
  user_agent: Generated<string>;
}

export interface QuoteRequestDeliveriesTable {
  quote_request_id: number;
  job_name: Generated<string>;
  po_number: Generated<string>;
  street_address: string;
  city: string;
  province: string;
  postal_code: string;
  site_contact_first_name: string;
  site_contact_last_name: string;
  phone: string;
}

export interface QuoteRequestPickupsTable {
  quote_request_id: number;
  location_id: number;
}

export type QuoteMessageAuthor = 'customer' | 'staff';

/** A message of a quote request's thread (decision 053); `internal` ones only staff read. */
export interface QuoteMessagesTable {
  id: GeneratedAlways<number>;
  quote_request_id: number;
  author_id: string | null;
  author_role: QuoteMessageAuthor;
  internal: Generated<boolean>;
  line: number | null;
  body: string;
  created_at: CreatedAt;
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
