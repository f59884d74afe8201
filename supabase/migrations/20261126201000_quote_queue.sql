-- The desk's queue (docs/decisions/052-the-desks-queue.md, issue 22 item 6): every request may
-- have an owner, a staff member who works it. Assigning is last write wins; every assignment
-- and unassignment is kept with who made it and when.

alter table public.quote_requests
  add column assignee_id uuid references public.users (id) on delete set null,
  add column assigned_at timestamptz,
  add column assigned_by uuid references public.users (id) on delete set null;

-- "Mine": a staff member's requests, newest first.
create index quote_requests_assignee_idx on public.quote_requests (assignee_id, submitted_at desc)
  where assignee_id is not null;

-- Every assignment (assignee_id set) and unassignment (assignee_id null), in order.
create table public.quote_request_assignments (
  id bigint generated always as identity primary key,
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  assignee_id uuid references public.users (id) on delete set null,
  previous_assignee_id uuid references public.users (id) on delete set null,
  assigned_by uuid references public.users (id) on delete set null,
  assigned_at timestamptz not null default now()
);
create index quote_request_assignments_quote_idx
  on public.quote_request_assignments (quote_request_id, assigned_at);

-- The waiting time reads each request's latest history row through
-- quote_request_status_history_quote_idx (quote_request_id, changed_at), read backwards.

alter table public.quote_request_assignments enable row level security;
