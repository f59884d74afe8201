-- Reference data every installation needs, production included: the two customer types,
-- the location types and the default app settings. The demo seed adds sales yards,
-- categories and the home page on top.

insert into public.customer_types (id, code, name_en, name_fr) values
  (1, 'list', 'Retail', 'Particulier'),
  (2, 'landscape_professional', 'Landscape Professional', 'Professionnel de l''aménagement paysager')
on conflict (id) do nothing;

insert into public.location_types (id, code, name_en, name_fr) values
  (1, 'sales_yard', 'Sales Yard', 'Centre de vente'),
  (2, 'distribution_centre', 'Distribution Centre', 'Centre de distribution')
on conflict (id) do nothing;

insert into public.app_settings (key, value) values
  ('backend_version', '"1.0.0"'),
  ('password_min_length', '8'),
  ('default_customer_type_id', '1'),
  ('locations', '{"primary_location_type_ids_for_product_page": [1]}'),
  ('low_stock_threshold', '5')
on conflict (key) do nothing;
