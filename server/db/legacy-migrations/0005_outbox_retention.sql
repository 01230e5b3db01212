-- Mail retention: each school says how many days sent mail stays in its outbox (then it is
-- deleted), and a mail's link (a reset link: a key to the account) is kept only until the mail is
-- sent or the link has expired; after that the link is blanked, in the body too (see
-- server/mail/retention.ts, which does the same for new mail).
ALTER TABLE schools ADD COLUMN sent_mail_retention_days integer NOT NULL DEFAULT 30 CHECK (sent_mail_retention_days >= 0);
UPDATE outbox SET body = coalesce(replace(body, link, '[…]'), body), link = NULL WHERE link IS NOT NULL AND (sent_at IS NOT NULL OR expires_at <= now());
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
