-- Cart lines get an id of their own (docs/decisions/016-cart-page-and-merge.md): the cart
-- page changes and removes a line by `/api/cart/items/{id}`, and the endpoint finds it only
-- inside the caller's cart, so another cart's line is a 404. The primary key stays
-- (cart_id, variant_id): one line per variant, which the add and the guest-cart merge rely
-- on for their `on conflict` upserts.
alter table public.cart_items
  add column id integer generated always as identity;
alter table public.cart_items
  add constraint cart_items_id_key unique (id);
