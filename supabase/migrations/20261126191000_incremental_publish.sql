-- Incremental publishing (docs/decisions/050-incremental-publish.md): which kind of publish a
-- local build row was, and how many pages an incremental one rendered again.
alter table public.site_builds
  add column kind text check (kind in ('full', 'incremental')),
  add column pages integer check (pages >= 0);
