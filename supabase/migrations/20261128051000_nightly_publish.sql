-- The nightly consistency pass (docs/decisions/050-incremental-publish.md): a full build the
-- server's timer asked for, told apart from an admin's or a structural change's.
alter table public.site_builds drop constraint site_builds_kind_check;
alter table public.site_builds
  add constraint site_builds_kind_check check (kind in ('full', 'incremental', 'nightly'));
