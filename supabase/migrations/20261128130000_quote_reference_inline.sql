-- A quote request's reference made by the column's default itself, not by a function
-- (docs/decisions/048-native-first-islands.md, "The reference without a function").
-- next_quote_reference() is a SQL function with its own search_path: PostgreSQL can neither
-- inline it nor keep its plan, so every submit parsed and planned its body again, about a
-- sixth of the submit's write. The expression gives the same references: at least six
-- digits, never truncated (format's width is a minimum, and a number has no spaces to
-- replace): Q-100041, …, Q-999999, Q-1000000.
alter table public.quote_requests
  alter column reference set default ('Q-' || replace(format('%6s', nextval('public.quote_reference_seq')), ' ', '0'));

drop function public.next_quote_reference();
