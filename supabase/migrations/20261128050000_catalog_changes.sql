-- Which products changed, for incremental publishing (docs/decisions/050-incremental-publish.md,
-- issue 23). Every write to a row a product's catalogue entry is made from — the product, its
-- pictures, its variants, their stock at the yards and the quote holds on it (decision 054) —
-- notes the product here with its transaction's id. A publish asks for the products noted by
-- transactions not yet finished when it last looked (pg_snapshot_xmin of its snapshot then):
-- its read costs what was edited, not the size of the catalogue, and a transaction that
-- commits late is never skipped, whatever the order of the ids. Rows older than a day go.

create table public.catalog_changes (
  product_id integer not null,
  txid xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default now()
);
create index catalog_changes_txid_idx on public.catalog_changes (txid);
create index catalog_changes_changed_at_idx on public.catalog_changes (changed_at);

alter table public.catalog_changes enable row level security;

-- tg_argv[0] names the column that leads to the product: `id` (products), `product_id`
-- (pictures, variants) or `variant_id` (stock, holds).
create function public.note_catalog_change() returns trigger
language plpgsql as $$
declare
  keys integer[] := '{}';
begin
  if tg_op <> 'INSERT' then
    keys := keys || (to_jsonb(old) ->> tg_argv[0])::integer;
  end if;
  if tg_op <> 'DELETE' then
    keys := keys || (to_jsonb(new) ->> tg_argv[0])::integer;
  end if;
  if tg_argv[0] = 'variant_id' then
    insert into public.catalog_changes (product_id)
      select distinct v.product_id from public.variants v where v.id = any (keys);
  else
    insert into public.catalog_changes (product_id)
      select distinct k from unnest(keys) as k where k is not null;
  end if;
  return null;
end;
$$;

create trigger products_catalog_change after insert or update or delete on public.products
  for each row execute function public.note_catalog_change('id');
create trigger product_images_catalog_change after insert or update or delete on public.product_images
  for each row execute function public.note_catalog_change('product_id');
create trigger variants_catalog_change after insert or update or delete on public.variants
  for each row execute function public.note_catalog_change('product_id');
create trigger stock_levels_catalog_change after insert or update or delete on public.stock_levels
  for each row execute function public.note_catalog_change('variant_id');
create trigger stock_holds_catalog_change after insert or update or delete on public.stock_holds
  for each row execute function public.note_catalog_change('variant_id');
