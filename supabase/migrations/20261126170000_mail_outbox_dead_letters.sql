-- Dead letters for the mail outbox (docs/decisions/043-every-email-through-the-outbox.md): an
-- e-mail that failed its last allowed attempt is marked dead, kept with its last error and
-- never retried by the worker; a staff member sees it under /admin/mail and may retry it.
alter table public.mail_outbox
  add column dead_at timestamptz,
  -- Who the e-mail was for when an attempt last failed, for the staff view (the payload holds
  -- ids, and composing again has side effects: an account link is issued when it is composed).
  add column recipient text check (length(recipient) <= 320),
  add constraint mail_outbox_sent_or_dead check (sent_at is null or dead_at is null);
