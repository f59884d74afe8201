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

-- The waiting time counts from the last customer or desk action. Every such action (the
-- submit, a version sent, the customer's answer, a renewal asked, a status change) writes a
-- status history row, and an assignment writes none; so the last action is the latest history
-- row, kept on the request by the database itself, whichever code path wrote the row (the
-- workflow, the seeds, a test's factory). Null until a first row: the list reads
-- coalesce(last_action_at, submitted_at).
alter table public.quote_requests add column last_action_at timestamptz;

update public.quote_requests q
set last_action_at = (select max(h.changed_at) from public.quote_request_status_history h where h.quote_request_id = q.id);

create or replace function public.quote_request_last_action()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  update public.quote_requests
  set last_action_at = new.changed_at
  where id = new.quote_request_id and (last_action_at is null or last_action_at < new.changed_at);
  return null;
end;
$$;

create trigger quote_request_status_history_last_action
  after insert on public.quote_request_status_history
  for each row execute function public.quote_request_last_action();

-- "Waiting on the desk", the longest wait first: the desk's statuses by their last action.
create index quote_requests_desk_waiting_idx
  on public.quote_requests ((coalesce(last_action_at, submitted_at)), id)
  where status in ('submitted', 'in_review', 'approved');

alter table public.quote_request_assignments enable row level security;
