-- The admin quote desk: who signed in when (active users), every status change of a quote
-- request with its author, the staff's prices, the single-use links of the priced-quote
-- e-mail, and the customer's answer with where it came from.

alter table public.users add column last_sign_in_at timestamptz;
create index users_last_sign_in_idx on public.users (last_sign_in_at);
create index users_created_idx on public.users (created_at);

create index quote_requests_status_idx on public.quote_requests (status, submitted_at desc);
-- The list searches reference, names, e-mail and company with ILIKE '%…%'.
create index quote_requests_search_idx on public.quote_requests using gin (
  (reference || ' ' || customer_first_name || ' ' || customer_last_name || ' ' || customer_email)
  extensions.gin_trgm_ops
);

-- One row per transition, written in the same statement batch as the status change itself.
-- from_status is null for the submission.
create table public.quote_request_status_history (
  id bigint generated always as identity primary key,
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  from_status text check (from_status in ('submitted', 'in_review', 'quoted', 'approved', 'cancelled')),
  to_status text not null check (to_status in ('submitted', 'in_review', 'quoted', 'approved', 'cancelled')),
  -- The staff member, or the customer answering through the e-mail; null once that user is deleted.
  changed_by uuid references public.users (id) on delete set null,
  note text not null default '' check (char_length(note) <= 2000),
  changed_at timestamptz not null default now()
);
create index quote_request_status_history_quote_idx
  on public.quote_request_status_history (quote_request_id, changed_at);

-- The final unit price of each line, entered by the sales desk.
alter table public.quote_request_items
  add column quoted_unit_price_cents integer check (quoted_unit_price_cents >= 0);

-- The priced quote as sent: lines at their final prices, fees and taxes, in cents.
create table public.quote_request_pricing (
  quote_request_id integer primary key references public.quote_requests (id) on delete cascade,
  items_cents integer not null check (items_cents >= 0),
  fees_cents integer not null default 0 check (fees_cents >= 0),
  taxes_cents integer not null default 0 check (taxes_cents >= 0),
  total_cents integer not null check (total_cents = items_cents + fees_cents + taxes_cents),
  priced_by uuid references public.users (id) on delete set null,
  priced_at timestamptz not null default now()
);

-- The approve/decline links of a priced-quote e-mail: `<id>.<secret>`, only the SHA-256 of
-- the secret stored, used once (either answer uses it), 30 days.
create table public.quote_decision_tokens (
  id text primary key,
  secret_hash bytea not null,
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index quote_decision_tokens_quote_idx on public.quote_decision_tokens (quote_request_id);

-- The customer's answer: who, when and from where.
create table public.quote_request_decisions (
  quote_request_id integer primary key references public.quote_requests (id) on delete cascade,
  decision text not null check (decision in ('approved', 'declined')),
  decided_by uuid references public.users (id) on delete set null,
  decided_at timestamptz not null default now(),
  ip_address text not null default '',
  user_agent text not null default '' check (char_length(user_agent) <= 500)
);

alter table public.quote_request_status_history enable row level security;
alter table public.quote_request_pricing enable row level security;
alter table public.quote_decision_tokens enable row level security;
alter table public.quote_request_decisions enable row level security;
