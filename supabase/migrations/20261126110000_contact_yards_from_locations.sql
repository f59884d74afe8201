-- Issue 12.7: the sales yards' phone numbers and hours come from one source, the locations
-- table (the availability panel reads it). The contact page stops writing them out: its
-- yard-by-yard section becomes a `{{sales-yards}}` line, where the page shows the list
-- built from the locations. Pages already edited by staff (no such section) are unchanged.
update public.content_pages
set
  body_en = regexp_replace(body_en, E'### Milton\\n.*?(## Holidays and weather)', E'{{sales-yards}}\n\n\\1'),
  body_fr = regexp_replace(body_fr, E'### Milton\\n.*?(## Jours fériés et intempéries)', E'{{sales-yards}}\n\n\\1')
where key = 'contact';
