-- Audit log (ASVS 5, 16.3): security events of a school's accounts and its admins' acts, readable by
-- the school's admins. It holds who, what, when and from where, never a secret: no password, token,
-- link or hash. Entries are only ever added.
CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN (
    'sign-in-failed', 'account-locked', 'reauthentication-failed', 'refresh-token-reused',
    'password-changed', 'password-reset', 'email-changed',
    'sign-in-link-created', 'outbox-read', 'audit-log-read'
  )),
  -- The signed-in account that acted (none when signed out) and the account the event is about.
  -- No foreign keys: an entry outlives the account it names.
  actor_id uuid,
  subject_id uuid,
  address text,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_school_time ON audit_log (school_id, occurred_at, id)
