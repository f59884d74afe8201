-- Provincial sales taxes on the priced quote (docs/decisions/051-provincial-taxes.md, issue 22
-- item 5): the taxes are computed from one rate table by province (src/features/quotes/taxes),
-- no longer typed by the desk. Each version keeps the tax lines it was sent with (rates and
-- registration numbers included), even if the rates change later.

-- A trade customer the desk marked tax-exempt on this request, with the reason (a resale or
-- exemption certificate number). Changes are recorded in the request's status history.
alter table public.quote_requests
  add column tax_exempt_reason text check (tax_exempt_reason is null or char_length(tax_exempt_reason) between 1 and 200);

-- Where the sale is taxed (the delivery address, else the pickup yard), and the exemption the
-- version was sent with. Versions written before this change have neither.
alter table public.quote_versions
  add column tax_province char(2) check (tax_province in ('AB','BC','MB','NB','NL','NS','NT','NU','ON','PE','QC','SK','YT')),
  add column tax_exempt_reason text;

create table public.quote_version_taxes (
  version_id integer not null references public.quote_versions (id) on delete cascade,
  position smallint not null check (position between 1 and 3),
  code text not null check (code in ('gst', 'hst', 'qst', 'pst', 'rst')),
  province char(2) not null,
  -- Thousandths of a percent: 5 % is 5000, 9.975 % is 9975.
  rate integer not null check (rate between 0 and 100000),
  registration text not null default '',
  cents integer not null check (cents >= 0),
  -- The same tax recomputed on the lines the customer took (a partial acceptance).
  accepted_cents integer check (accepted_cents >= 0),
  primary key (version_id, position)
);

alter table public.quote_version_taxes enable row level security;
