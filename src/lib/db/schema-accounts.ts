import type { Generated, GeneratedAlways } from 'kysely';
import type {
  CreatedAt,
  EmailTokenPurpose,
  Locale,
  NullableTimestamp,
  Role,
  Timestamp,
  UpdatedAt,
} from './schema-columns.ts';

/** The account tables' types for Kysely: users, their sessions and tokens, the in-house accounts. */

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
