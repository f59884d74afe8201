-- Quote references past Q-999999 (docs/decisions/018-quote-submission.md). The initial
-- default, 'Q-' || lpad(n::text, 6, '0'), pads to six digits but lpad also TRUNCATES to six:
-- the millionth request would get 'Q-100000', a reference already used, and every insert
-- after it would fail on the unique constraint. The reference keeps at least six digits and
-- grows as the sequence does: Q-100041, …, Q-999999, Q-1000000.
create or replace function public.next_quote_reference()
  returns text
  language sql
  volatile
  set search_path = ''
as $$
  select 'Q-' || lpad(n::text, greatest(6, length(n::text)), '0')
    from (select nextval('public.quote_reference_seq') as n) as next_value
$$;

alter table public.quote_requests
  alter column reference set default public.next_quote_reference();
