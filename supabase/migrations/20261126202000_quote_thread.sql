-- A thread per quote request (docs/decisions/053-quote-thread.md, issue 22 item 7): short
-- messages between the customer and the sales desk, each optionally about one line of the
-- request; staff may also write internal notes, which only staff ever read.

create table public.quote_messages (
  id integer generated always as identity primary key,
  quote_request_id integer not null references public.quote_requests (id) on delete cascade,
  -- Null once the author's account is gone; the role says which side wrote it.
  author_id uuid references public.users (id) on delete set null,
  author_role text not null check (author_role in ('customer', 'staff')),
  internal boolean not null default false,
  -- The request's line the message is about; the foreign key keeps it a line of this request.
  line smallint,
  body text not null check (char_length(body) between 1 and 2000 and body = btrim(body)),
  created_at timestamptz not null default now(),
  check (not internal or author_role = 'staff'),
  foreign key (quote_request_id, line) references public.quote_request_items (quote_request_id, line)
    on delete cascade
);
create index quote_messages_request_idx on public.quote_messages (quote_request_id, created_at, id);

alter table public.quote_messages enable row level security;
