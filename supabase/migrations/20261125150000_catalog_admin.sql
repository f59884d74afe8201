-- Admin catalogue (issue 11): who last changed a product, the web variants of each image,
-- and the site builds that publish admin changes (docs/decisions/027, 028).

-- Who changed a product last, and its version: an edit form carries the version it opened,
-- and a save over a newer one is refused (optimistic concurrency).
alter table public.products
  add column updated_by uuid references public.users (id) on delete set null,
  add column version integer not null default 1 check (version > 0);

-- Each image's web variants, written once by the upload: one entry per width and format,
-- { "width": 480, "height": 480, "format": "webp", "key": "...", "bytes": 18231 }.
alter table public.product_images
  add column variants jsonb not null default '[]'::jsonb
    check (jsonb_typeof(variants) = 'array'),
  add column original_name text not null default '';
create index product_images_product_idx on public.product_images (product_id, position);

-- One row per publish: the local background build, or a Vercel deploy hook call.
create table public.site_builds (
  id integer generated always as identity primary key,
  target text not null check (target in ('local', 'vercel')),
  state text not null check (state in ('queued', 'running', 'succeeded', 'failed', 'requested')),
  requested_by uuid references public.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  build_id text,
  products integer,
  error text
);
create index site_builds_recent_idx on public.site_builds (id desc);
alter table public.site_builds enable row level security;
