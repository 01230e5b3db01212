-- An admin's change of the school's sent-mail retention is on record in the audit log.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_kind_check CHECK (kind IN (
  'sign-in-failed', 'account-locked', 'reauthentication-failed', 'refresh-token-reused',
  'password-changed', 'password-reset', 'email-changed',
  'sign-in-link-created', 'outbox-read', 'audit-log-read', 'mail-retention-changed'
));
