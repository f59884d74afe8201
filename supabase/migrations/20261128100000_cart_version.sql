-- A cart's version (docs/decisions/048-native-first-islands.md, "The submit without a lock"):
-- every statement that changes a cart's lines raises it, so a quote submit reads the cart
-- without locking it and writes the request only if the cart is still the one it read.
alter table public.carts add column version integer not null default 0;
