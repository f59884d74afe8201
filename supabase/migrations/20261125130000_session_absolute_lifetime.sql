-- Absolute session lifetime (ASVS 7.3.2; docs/decisions/022-attempt-limits.md): every
-- refresh token remembers when its family's sign-in happened, so rotation can never carry
-- a session past 90 days from it. Tokens issued before this migration count from their own
-- creation.
alter table public.refresh_tokens
  add column family_started_at timestamptz not null default now();
update public.refresh_tokens set family_started_at = created_at;
