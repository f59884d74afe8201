import type { ColumnType } from 'kysely';

/** Column types and value sets shared by the table types (schema.ts and the files beside it). */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T> = ColumnType<T, string, string>;

export type Locale = 'en' | 'fr';
export type Role = 'customer' | 'admin' | 'super_admin';
export type Exposure = 'full_sun' | 'part_sun' | 'part_shade' | 'full_shade';
export type SizeKind = 'container' | 'pot' | 'height' | 'caliper' | 'balled_burlapped';
export type RootBall = 'wire_basket' | 'burlap';
export type Fulfilment = 'pickup' | 'delivery' | 'pickup_and_delivery';
export type PaymentPreference = 'cash' | 'charge_account' | 'credit_card';
export type QuoteStatus = 'submitted' | 'in_review' | 'quoted' | 'approved' | 'cancelled';
export type EmailTokenPurpose = 'confirm_email' | 'reset_password' | 'change_email';
