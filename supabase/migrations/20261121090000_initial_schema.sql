-- The whole store schema: accounts, catalog, stock, carts, wish lists, quote requests,
-- redirects, content and settings. Runs unchanged on Supabase Postgres, on a plain
-- PostgreSQL server and on the embedded PGlite. Every table in `public` has row level
-- security enabled with no policy: Supabase's Data API sees nothing, and the server, which
-- connects as the owner, is the only way in.

create schema if not exists extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- unaccent() is only STABLE (it reads a dictionary); this wrapper names the dictionary so
-- it can be IMMUTABLE and used in generated columns and indexes.
create or replace function public.immutable_unaccent(value text)
  returns text
  language sql
  immutable
  parallel safe
  strict
  set search_path = ''
as $$ select extensions.unaccent('extensions.unaccent'::regdictionary, value) $$;

-- Keeps updated_at honest without every query having to remember it.
create or replace function public.touch_updated_at()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Settings and reference data
-- ---------------------------------------------------------------------------------------

create table public.customer_types (
  id smallint primary key,
  code text not null unique check (code ~ '^[a-z_]+$'),
  name_en text not null,
  name_fr text not null
);

create table public.app_settings (
  key text primary key check (key ~ '^[a-z_]+$'),
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table public.location_types (
  id smallint primary key,
  code text not null unique check (code ~ '^[a-z_]+$'),
  name_en text not null,
  name_fr text not null
);

create table public.locations (
  id integer generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9-]+$'),
  location_type_id smallint not null references public.location_types (id),
  name_en text not null,
  name_fr text not null,
  street_address text not null,
  city text not null,
  province char(2) not null check (province in ('AB','BC','MB','NB','NL','NS','NT','NU','ON','PE','QC','SK','YT')),
  postal_code text not null check (postal_code ~ '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$'),
  phone text not null,
  hours_en text not null,
  hours_fr text not null,
  latitude double precision,
  longitude double precision,
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------
-- In-house (trade) accounts, kept by the nursery's own system
-- ---------------------------------------------------------------------------------------

create table public.in_house_accounts (
  id integer generated always as identity primary key,
  account_number text not null unique check (account_number ~ '^TA-[0-9]{6}$'),
  account_phone text not null check (account_phone ~ '^[0-9]{3}-[0-9]{3}-[0-9]{4}$'),
  company_name text not null,
  created_at timestamptz not null default now()
);

create table public.in_house_purchases (
  id integer generated always as identity primary key,
  in_house_account_id integer not null references public.in_house_accounts (id) on delete cascade,
  invoice_number text not null unique,
  location_id integer references public.locations (id),
  purchased_at timestamptz not null,
  total_cents integer not null check (total_cents >= 0)
);
create index in_house_purchases_account_idx on public.in_house_purchases (in_house_account_id, purchased_at desc);

create table public.in_house_purchase_lines (
  purchase_id integer not null references public.in_house_purchases (id) on delete cascade,
  line smallint not null check (line > 0),
  sku text not null,
  description_en text not null,
  description_fr text not null,
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (purchase_id, line)
);

-- ---------------------------------------------------------------------------------------
-- Accounts and sessions (Lucia's reference design, see docs/decisions)
-- ---------------------------------------------------------------------------------------

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and position('@' in email) > 1),
  first_name text not null check (btrim(first_name) <> ''),
  last_name text not null check (btrim(last_name) <> ''),
  phone text check (phone is null or phone ~ '^[0-9]{3}-[0-9]{3}-[0-9]{4}$'),
  role text not null default 'customer' check (role in ('customer', 'admin', 'super_admin')),
  customer_type_id smallint not null references public.customer_types (id),
  is_landscape_professional boolean not null default false,
  password_hash text not null,
  email_verified_at timestamptz,
  locale text not null default 'en' check (locale in ('en', 'fr')),
  default_location_id integer references public.locations (id) on delete set null,
  in_house_account_id integer unique references public.in_house_accounts (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on public.users (email);
create trigger users_touch before update on public.users
  for each row execute function public.touch_updated_at();

-- The short access session. Token given to the browser: "<id>.<secret>"; only the SHA-256
-- of the secret is kept.
create table public.sessions (
  id text primary key,
  secret_hash bytea not null,
  user_id uuid not null references public.users (id) on delete cascade,
  refresh_token_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on public.sessions (user_id);
create index sessions_expires_idx on public.sessions (expires_at);

-- The long refresh token (cookie jwt_access), rotated on every use. A token used twice
-- revokes its whole family (theft detection).
create table public.refresh_tokens (
  id text primary key,
  secret_hash bytea not null,
  user_id uuid not null references public.users (id) on delete cascade,
  family_id text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_user_idx on public.refresh_tokens (user_id);
create index refresh_tokens_family_idx on public.refresh_tokens (family_id);

-- Single-use e-mail tokens: confirm an address, reset a password, confirm a new address.
create table public.email_tokens (
  id text primary key,
  secret_hash bytea not null,
  user_id uuid not null references public.users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password', 'change_email')),
  new_email text check (new_email is null or new_email = lower(new_email)),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_tokens_user_idx on public.email_tokens (user_id, purpose);

-- Fixed-window counters for sign-in, reset, resend and linking limits.
create table public.rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);

-- ---------------------------------------------------------------------------------------
-- Catalog
-- ---------------------------------------------------------------------------------------

-- Nested categories. path_* is the browse path (slugs joined with "/"), kept by the
-- application when a category or its parent is renamed.
create table public.categories (
  id integer generated always as identity primary key,
  parent_id integer references public.categories (id) on delete restrict,
  slug_en text not null check (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_fr text not null check (slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  path_en text not null unique,
  path_fr text not null unique,
  name_en text not null,
  name_fr text not null,
  description_en text not null default '',
  description_fr text not null default '',
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (parent_id is null or parent_id <> id)
);
create index categories_parent_idx on public.categories (parent_id, sort_order);
create trigger categories_touch before update on public.categories
  for each row execute function public.touch_updated_at();

create table public.products (
  id integer generated always as identity primary key,
  code text not null unique check (code ~ '^[A-Z]{3}-[0-9]{4,6}$'),
  category_id integer not null references public.categories (id),
  slug_en text not null unique check (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_fr text not null unique check (slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_en text not null check (btrim(name_en) <> ''),
  name_fr text not null check (btrim(name_fr) <> ''),
  botanical_name text not null check (btrim(botanical_name) <> ''),
  description_en text not null default '',
  description_fr text not null default '',
  disclaimer_en text not null default '',
  disclaimer_fr text not null default '',
  hardiness_zone smallint check (hardiness_zone between 0 and 9),
  exposure text[] not null default '{}'
    check (exposure <@ array['full_sun', 'part_sun', 'part_shade', 'full_shade']::text[]),
  height_cm integer check (height_cm > 0),
  spread_cm integer check (spread_cm > 0),
  bloom_from smallint check (bloom_from between 1 and 12),
  bloom_to smallint check (bloom_to between 1 and 12),
  flower_colour_en text,
  flower_colour_fr text,
  foliage_colour_en text,
  foliage_colour_fr text,
  is_published boolean not null default true,
  is_featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_en tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, public.immutable_unaccent(name_en)), 'A') ||
    setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(botanical_name || ' ' || code)), 'A') ||
    setweight(to_tsvector('english'::regconfig, public.immutable_unaccent(description_en)), 'C')
  ) stored,
  search_fr tsvector generated always as (
    setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(name_fr)), 'A') ||
    setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(botanical_name || ' ' || code)), 'A') ||
    setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(description_fr)), 'C')
  ) stored,
  search_names text generated always as (
    lower(public.immutable_unaccent(name_en || ' ' || name_fr || ' ' || botanical_name || ' ' || code))
  ) stored
);
create index products_category_idx on public.products (category_id);
create index products_search_en_idx on public.products using gin (search_en);
create index products_search_fr_idx on public.products using gin (search_fr);
create index products_search_names_trgm_idx on public.products using gin (search_names extensions.gin_trgm_ops);
create trigger products_touch before update on public.products
  for each row execute function public.touch_updated_at();

-- Order is stored; the image at the lowest position is the thumbnail and the primary image.
create table public.product_images (
  id integer generated always as identity primary key,
  product_id integer not null references public.products (id) on delete cascade,
  position integer not null check (position >= 0),
  storage_key text not null unique,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  alt_en text not null default '',
  alt_fr text not null default '',
  title_en text not null default '',
  title_fr text not null default '',
  created_at timestamptz not null default now(),
  constraint product_images_position_key unique (product_id, position) deferrable initially deferred
);

create table public.variants (
  id integer generated always as identity primary key,
  product_id integer not null references public.products (id) on delete cascade,
  sku text not null unique check (sku ~ '^[A-Z0-9-]+$'),
  size_label text not null,
  size_kind text not null check (size_kind in ('container', 'pot', 'height', 'caliper', 'balled_burlapped')),
  sort_order integer not null default 0,
  list_price_cents integer not null check (list_price_cents >= 0),
  trade_price_cents integer not null check (trade_price_cents >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  check (trade_price_cents <= list_price_cents)
);
create index variants_product_idx on public.variants (product_id, sort_order);

create table public.stock_levels (
  variant_id integer not null references public.variants (id) on delete cascade,
  location_id integer not null references public.locations (id) on delete cascade,
  quantity integer not null check (quantity >= 0),
  updated_at timestamptz not null default now(),
  primary key (variant_id, location_id)
);
create index stock_levels_location_idx on public.stock_levels (location_id);

-- ---------------------------------------------------------------------------------------
-- Carts and wish lists
-- ---------------------------------------------------------------------------------------

-- A cart belongs to a user or to a guest token (only its hash is stored).
create table public.carts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references public.users (id) on delete cascade,
  guest_token_hash bytea unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((user_id is null) <> (guest_token_hash is null))
);
create trigger carts_touch before update on public.carts
  for each row execute function public.touch_updated_at();

create table public.cart_items (
  cart_id uuid not null references public.carts (id) on delete cascade,
  variant_id integer not null references public.variants (id) on delete cascade,
  quantity integer not null check (quantity between 1 and 9999),
  added_at timestamptz not null default now(),
  primary key (cart_id, variant_id)
);

create table public.wishlists (
  id integer generated always as identity primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 120),
  description text not null default '' check (char_length(description) <= 1000),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- At most one default per user...
create unique index wishlists_one_default_per_user on public.wishlists (user_id) where is_default;
create index wishlists_user_idx on public.wishlists (user_id);
create trigger wishlists_touch before update on public.wishlists
  for each row execute function public.touch_updated_at();

-- ...and at least one while the user has any list, checked at commit so that moving the
-- default from one list to another is one transaction of two updates.
create or replace function public.check_one_default_wishlist()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  owner uuid := coalesce(new.user_id, old.user_id);
  lists integer;
  defaults integer;
begin
  select count(*), count(*) filter (where is_default)
    into lists, defaults
    from public.wishlists
   where user_id = owner;
  if lists > 0 and defaults <> 1 then
    raise exception 'user % must have exactly one default wishlist, has %', owner, defaults
      using errcode = '23514', constraint = 'wishlists_exactly_one_default';
  end if;
  return null;
end
$$;
create constraint trigger wishlists_exactly_one_default
  after insert or update or delete on public.wishlists
  deferrable initially deferred
  for each row execute function public.check_one_default_wishlist();

create table public.wishlist_items (
  wishlist_id integer not null references public.wishlists (id) on delete cascade,
  variant_id integer not null references public.variants (id) on delete cascade,
  quantity integer not null default 1 check (quantity between 1 and 9999),
  added_at timestamptz not null default now(),
  primary key (wishlist_id, variant_id)
);

-- ---------------------------------------------------------------------------------------
-- Quote requests
-- ---------------------------------------------------------------------------------------

create sequence public.quote_reference_seq start 100001;

create table public.quote_requests (
  id integer generated always as identity primary key,
  reference text not null unique
    default ('Q-' || lpad(nextval('public.quote_reference_seq')::text, 6, '0')),
  -- Set by the browser for each attempt, so a retried submission never makes a second request.
  idempotency_key uuid not null unique,
  user_id uuid not null references public.users (id) on delete restrict,
  status text not null default 'submitted'
    check (status in ('submitted', 'in_review', 'quoted', 'approved', 'cancelled')),
  locale text not null check (locale in ('en', 'fr')),
  fulfilment text not null check (fulfilment in ('pickup', 'delivery', 'pickup_and_delivery')),
  preferred_date date,
  payment_preference text not null check (payment_preference in ('cash', 'charge_account', 'credit_card')),
  comments text not null default '' check (char_length(comments) <= 2000),
  -- What the customer was when they asked, copied so later changes do not rewrite history.
  customer_first_name text not null,
  customer_last_name text not null,
  customer_email text not null,
  customer_phone text,
  customer_type_id smallint not null references public.customer_types (id),
  in_house_account_id integer references public.in_house_accounts (id) on delete set null,
  price_kind text not null check (price_kind in ('list', 'trade')),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  submitted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index quote_requests_user_idx on public.quote_requests (user_id, submitted_at desc);
create index quote_requests_submitted_idx on public.quote_requests (submitted_at desc);
create trigger quote_requests_touch before update on public.quote_requests
  for each row execute function public.touch_updated_at();

-- Prices and names are copied at submission: the quote shows what the customer saw.
create table public.quote_request_items (
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  line smallint not null check (line > 0),
  variant_id integer references public.variants (id) on delete set null,
  product_code text not null,
  sku text not null,
  product_name_en text not null,
  product_name_fr text not null,
  botanical_name text not null,
  size_label text not null,
  quantity integer not null check (quantity between 1 and 9999),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (quote_request_id, line)
);

create table public.quote_request_deliveries (
  quote_request_id integer primary key references public.quote_requests (id) on delete cascade,
  job_name text not null default '',
  po_number text not null default '',
  street_address text not null,
  city text not null,
  province char(2) not null check (province in ('AB','BC','MB','NB','NL','NS','NT','NU','ON','PE','QC','SK','YT')),
  postal_code text not null check (postal_code ~ '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$'),
  site_contact_first_name text not null,
  site_contact_last_name text not null,
  phone text not null check (phone ~ '^[0-9]{3}-[0-9]{3}-[0-9]{4}$')
);

create table public.quote_request_pickups (
  quote_request_id integer primary key references public.quote_requests (id) on delete cascade,
  location_id integer not null references public.locations (id)
);

-- ---------------------------------------------------------------------------------------
-- Redirects and content
-- ---------------------------------------------------------------------------------------

create table public.redirects (
  id integer generated always as identity primary key,
  from_path text not null unique check (from_path ~ '^/'),
  to_location text not null check (to_location ~ '^(/|https?://)'),
  status smallint not null default 301 check (status in (301, 302, 307, 308)),
  created_at timestamptz not null default now()
);

-- Content blocks (About, FAQs, Contact, policies...). One row per page, both languages.
create table public.content_pages (
  id integer generated always as identity primary key,
  key text not null unique check (key ~ '^[a-z0-9-]+$'),
  slug_en text not null unique check (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_fr text not null unique check (slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title_en text not null,
  title_fr text not null,
  summary_en text not null default '',
  summary_fr text not null default '',
  body_en text not null,
  body_fr text not null,
  updated_at timestamptz not null default now()
);
create trigger content_pages_touch before update on public.content_pages
  for each row execute function public.touch_updated_at();

-- ---------------------------------------------------------------------------------------
-- Row level security: enabled on every table, no policies (deny by default).
-- ---------------------------------------------------------------------------------------

do $$
declare
  t record;
begin
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('alter table public.%I enable row level security', t.tablename);
  end loop;
end
$$;
