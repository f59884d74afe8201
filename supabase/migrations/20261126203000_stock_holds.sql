-- Stock held at the yard while a quote version is open (docs/decisions/054-stock-holds.md,
-- issue 22 item 4). One row per version line that offers a catalogue variant: the yard and
-- the quantity it holds. A row is open while released_at is null; what a yard can still sell
-- or hold is its stock_levels.quantity less its open holds. Sending version n+1 releases
-- version n's rows; the customer's answer turns an accepted line's row into a sale (the
-- yard's quantity goes down by it) and releases the others; an expired version's rows are
-- released by the hourly job. Rows are kept once released, so the desk sees what happened.

create table public.stock_holds (
  version_id integer not null,
  line smallint not null,
  variant_id integer not null references public.variants (id) on delete cascade,
  location_id integer not null references public.locations (id) on delete cascade,
  quantity integer not null check (quantity > 0),
  created_at timestamptz not null default now(),
  released_at timestamptz,
  -- Why it ended: sold (the line was accepted), alternative (an alternative was taken
  -- instead), refused, declined, superseded (a newer version, or the desk took it back),
  -- expired (past the version's last day).
  release_reason text
    check (release_reason in ('sold', 'alternative', 'refused', 'declined', 'superseded', 'expired')),
  primary key (version_id, line),
  foreign key (version_id, line) references public.quote_version_lines (version_id, line) on delete cascade,
  check ((released_at is null) = (release_reason is null))
);
-- The open holds of a variant at a yard, summed by every stock reading.
create index stock_holds_open_idx on public.stock_holds (variant_id, location_id) where released_at is null;

alter table public.stock_holds enable row level security;
