-- Sizes become structured (docs/decisions/034-structured-sizes.md): what the size is measured
-- on (size_kind, already there), its numbers (one, or several for a label such as
-- "40/50/60mm WB") in the kind's unit, and how the roots are held. Pages format them per
-- locale; size_label stays as the English text, written from the structure by the admin, and
-- is what is shown when a size could not be read.

alter table public.variants
  add column size_values integer[] check (
    size_values is null or (cardinality(size_values) between 1 and 4 and 0 < all (size_values))
  ),
  add column size_root_ball text check (size_root_ball in ('wire_basket', 'burlap'));

-- A quote line keeps the size it was asked for, structured, so each reader sees it in their language.
alter table public.quote_request_items
  add column size_kind text check (size_kind in ('container', 'pot', 'height', 'caliper', 'balled_burlapped')),
  add column size_values integer[] check (
    size_values is null or (cardinality(size_values) between 1 and 4 and 0 < all (size_values))
  ),
  add column size_root_ball text check (size_root_ball in ('wire_basket', 'burlap'));

-- The label shapes the nursery wrote: #5, 15cm pot, 80cm, 50mm WB, 40/50/60mm WB, 50mm B&B,
-- B&B 150cm, B&B 150/200cm (a space before the unit allowed). The same shapes as
-- parseSizeLabel in src/lib/size.ts, which a test holds this function to.
create function public.size_from_label(label text)
returns table (kind text, size_values integer[], root_ball text)
language sql immutable as $$
  with cleaned as (
    select regexp_replace(btrim(label), '\s+', ' ', 'g') as l
  ), shaped as (
    select l, case
      when l ~ '^#[1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3}$' then 'container'
      when l ~ '^[1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3} ?cm pot$' then 'pot'
      when l ~ '^[1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3} ?mm WB$' then 'caliper'
      when l ~ '^[1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3} ?mm B&B$' then 'caliper'
      when l ~ '^B&B [1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3} ?cm$' then 'balled_burlapped'
      when l ~ '^[1-9][0-9]{0,2}(/[1-9][0-9]{0,2}){0,3} ?cm$' then 'height'
    end as kind
    from cleaned
  )
  select
    kind,
    case when kind is not null
      then string_to_array(substring(l from '[0-9]+(?:/[0-9]+)*'), '/')::integer[]
    end,
    case
      when kind = 'caliper' and l like '%WB' then 'wire_basket'
      when kind in ('caliper', 'balled_burlapped') then 'burlap'
    end
  from shaped
$$;

update public.variants as v
set size_kind = s.kind, size_values = s.size_values, size_root_ball = s.root_ball
from public.variants as source
cross join lateral public.size_from_label(source.size_label) as s
where v.id = source.id and s.kind is not null;

update public.quote_request_items as i
set size_kind = s.kind, size_values = s.size_values, size_root_ball = s.root_ball
from public.quote_request_items as source
cross join lateral public.size_from_label(source.size_label) as s
where i.quote_request_id = source.quote_request_id and i.line = source.line and s.kind is not null;
