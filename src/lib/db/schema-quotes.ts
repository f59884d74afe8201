import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type {
  CreatedAt,
  Fulfilment,
  Locale,
  NullableTimestamp,
  PaymentPreference,
  QuoteStatus,
  RootBall,
  SizeKind,
  Timestamp,
  UpdatedAt,
} from './schema-columns.ts';

/** The quote tables' types for Kysely (schema.ts has the rest and the Database map). */

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
