-- The negotiated quote (docs/decisions/049-negotiated-quote.md, issue 22 items 1 to 3): every
-- priced quote the desk sends is a numbered version with its own lines, prices, fees, taxes,
-- "valid until" date and note; a line may carry alternatives (another size or plant, its
-- price and a reason); the customer answers each line (accept, take an alternative, refuse)
-- and the version records the outcome (accepted, partly accepted, declined) and its new total.
-- quote_request_pricing stays the current version's figures for the readers that use it.

create table public.quote_versions (
  id integer generated always as identity primary key,
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  number integer not null check (number >= 1),
  -- The last day (in the nursery's time zone) the version can be accepted; its links expire with it.
  valid_until date not null,
  note text not null default '' check (char_length(note) <= 2000),
  items_cents integer not null check (items_cents >= 0),
  fees_cents integer not null default 0 check (fees_cents >= 0),
  taxes_cents integer not null default 0 check (taxes_cents >= 0),
  total_cents integer not null check (total_cents = items_cents + fees_cents + taxes_cents),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set when a newer version replaces it or the desk takes it back to revise it.
  superseded_at timestamptz,
  outcome text check (outcome in ('accepted', 'partial', 'declined')),
  answered_at timestamptz,
  answered_by uuid references public.users (id) on delete set null,
  accepted_items_cents integer check (accepted_items_cents >= 0),
  accepted_taxes_cents integer check (accepted_taxes_cents >= 0),
  accepted_total_cents integer check (accepted_total_cents >= 0),
  -- The customer asked, past the date, for the desk to renew it.
  renewal_requested_at timestamptz,
  -- When the reminder before its date went out (once).
  reminded_at timestamptz,
  unique (quote_request_id, number),
  check ((outcome is null) = (answered_at is null)),
  check (outcome is null or accepted_total_cents is not null)
);
-- At most one version of a request is open (neither superseded nor answered).
create unique index quote_versions_one_open_idx on public.quote_versions (quote_request_id)
  where superseded_at is null and answered_at is null;
create index quote_versions_valid_until_idx on public.quote_versions (valid_until)
  where superseded_at is null and answered_at is null;

-- The version's lines: the request's line numbers, with what the desk offers on each (the
-- SKU may differ from the request's: a substitution), and the customer's answer.
create table public.quote_version_lines (
  version_id integer not null references public.quote_versions (id) on delete cascade,
  line smallint not null check (line >= 1),
  variant_id integer references public.variants (id) on delete set null,
  sku text not null,
  product_name_en text not null,
  product_name_fr text not null,
  size_label text not null default '',
  size_kind text check (size_kind in ('container', 'pot', 'height', 'caliper', 'balled_burlapped')),
  size_values integer[],
  size_root_ball text check (size_root_ball in ('wire_basket', 'burlap')),
  quantity integer not null check (quantity between 1 and 100000),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  answer text check (answer in ('accept', 'alternative', 'refuse')),
  chosen_alternative smallint,
  primary key (version_id, line),
  check ((answer = 'alternative') = (chosen_alternative is not null))
);

-- What the desk offers instead of a line, each with its price and the reason, written in the
-- customer's language.
create table public.quote_version_alternatives (
  version_id integer not null,
  line smallint not null,
  position smallint not null check (position between 1 and 5),
  variant_id integer references public.variants (id) on delete set null,
  sku text not null,
  product_name_en text not null,
  product_name_fr text not null,
  size_label text not null default '',
  size_kind text check (size_kind in ('container', 'pot', 'height', 'caliper', 'balled_burlapped')),
  size_values integer[],
  size_root_ball text check (size_root_ball in ('wire_basket', 'burlap')),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  reason text not null default '' check (char_length(reason) <= 300),
  primary key (version_id, line, position),
  foreign key (version_id, line) references public.quote_version_lines (version_id, line) on delete cascade
);

-- A link names the version it answers: a newer version's links replace it, and the old link
-- says why instead of "not valid".
alter table public.quote_decision_tokens
  add column version_id integer references public.quote_versions (id) on delete cascade;

alter table public.quote_versions enable row level security;
alter table public.quote_version_lines enable row level security;
alter table public.quote_version_alternatives enable row level security;
