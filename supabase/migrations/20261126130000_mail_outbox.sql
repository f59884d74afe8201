-- Transactional mail outbox (docs/decisions/040-request-cpu-and-mail-outbox.md): an e-mail
-- to send is a row written in the same transaction as what it announces, and a worker sends
-- it after the commit, retrying until it goes. So a committed quote request always gets its
-- e-mails (a failed delivery or a restart only delays them), and a rolled-back one never does.
create table public.mail_outbox (
  id bigint generated always as identity primary key,
  -- What the e-mail is: quote_request_confirmation, quote_request_sales_desk, …
  kind text not null check (length(kind) between 1 and 60),
  -- What the worker needs to compose it (ids and the language), never the message itself.
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A worker's lease on the row while it sends; another worker skips it until then.
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text
);
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where sent_at is null;
alter table public.mail_outbox enable row level security;
