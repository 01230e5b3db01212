-- A pending change of email: the new address rides on the confirmation link's token (purpose
-- 'email-change') and becomes the account's only when the link is followed.
ALTER TABLE link_tokens ADD COLUMN new_email text;
