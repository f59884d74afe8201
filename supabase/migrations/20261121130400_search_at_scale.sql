-- Search at catalog scale (docs/decisions/005-search.md). The initial schema indexes the
-- full-text vectors (names and descriptions) and the trigram string; with 10,000+ products
-- the search also needs, each on an index so no query reads every product:
-- - the names alone, stemmed per language, to tell a name match from a description match
--   without opening the (large) full vector of each candidate;
-- - every name as whole, unaccented words in any language, so an English search finds a
--   French or botanical name ("erable") word for word;
-- - the names folded for comparison and sorting, computed once per row, not per query;
-- - prefix lookups of product codes and SKUs ("TRE-10", "SHR-1001-C") on pattern indexes.
-- The search GIN indexes write straight into the index (fastupdate off): the catalog changes
-- rarely, and the embedded PGlite has no autovacuum to merge a pending list, which every
-- search would otherwise read through.

alter table public.products
  add column search_name_en tsvector generated always as (
    to_tsvector('english'::regconfig, public.immutable_unaccent(name_en)) ||
    to_tsvector('simple'::regconfig, public.immutable_unaccent(botanical_name || ' ' || code))
  ) stored,
  add column search_name_fr tsvector generated always as (
    to_tsvector('french'::regconfig, public.immutable_unaccent(name_fr)) ||
    to_tsvector('simple'::regconfig, public.immutable_unaccent(botanical_name || ' ' || code))
  ) stored,
  add column search_words tsvector generated always as (
    to_tsvector('simple'::regconfig,
      lower(public.immutable_unaccent(name_en || ' ' || name_fr || ' ' || botanical_name || ' ' || code)))
  ) stored,
  add column name_key_en text generated always as (lower(public.immutable_unaccent(name_en))) stored,
  add column name_key_fr text generated always as (lower(public.immutable_unaccent(name_fr))) stored,
  add column botanical_key text generated always as (lower(public.immutable_unaccent(botanical_name))) stored;

create index products_search_name_en_idx on public.products using gin (search_name_en) with (fastupdate = off);
create index products_search_name_fr_idx on public.products using gin (search_name_fr) with (fastupdate = off);
create index products_search_words_idx on public.products using gin (search_words) with (fastupdate = off);
create index products_code_pattern_idx on public.products (code text_pattern_ops);
create index variants_sku_pattern_idx on public.variants (sku text_pattern_ops);

alter index public.products_search_en_idx set (fastupdate = off);
alter index public.products_search_fr_idx set (fastupdate = off);
alter index public.products_search_names_trgm_idx set (fastupdate = off);
