-- The core's tables as the single sequence before per-feature migrations left them (its files
-- 0001–0015, kept frozen in server/db/legacy-migrations/; a database built by them records this file
-- as applied without running it). Names in English and Arabic side by side.
CREATE TABLE schools (
  id serial PRIMARY KEY,
  name_en text NOT NULL,
  name_ar text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- How many days sent mail stays in the school's outbox (server/mail/retention.ts).
  sent_mail_retention_days integer NOT NULL DEFAULT 30 CHECK (sent_mail_retention_days >= 0),
  -- The school's own daily upload allowance per account, in bytes; NULL takes the default
  -- (contracts/settings.ts uploadLimits, 1 GB; server/uploads/upload-limits.ts).
  upload_bytes_per_account_per_day bigint CHECK (upload_bytes_per_account_per_day >= 0)
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  image text,
  preferred_language text NOT NULL DEFAULT 'en',
  user_type text NOT NULL,
  roles jsonb NOT NULL DEFAULT '[]',
  must_change_password boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- One row a sign-in (a refresh-token family); revoking it ends every token of that sign-in.
CREATE TABLE session_families (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX session_families_user ON session_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES session_families (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
-- Housekeeping deletes the refresh tokens of ended sign-ins by family (server/auth/retention.ts);
-- the index also serves the foreign-key check when a family is deleted.
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

-- Single-use tokens carried by links: password reset, sign-in by link and a change of email.
CREATE TABLE link_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  school_id integer NOT NULL REFERENCES schools (id),
  -- A pending change of email (purpose 'email-change'): the account's only when the link is followed.
  new_email text
);
CREATE INDEX link_tokens_expires ON link_tokens (expires_at);

CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_bucket ON rate_limit_hits (bucket, at);

-- Mail and SMS: written here first; SMTP delivery (when configured) marks sent_at. Each row is tried
-- again after a temporary failure, until it goes out, the mail server refuses it for good, its
-- content expires (a reset link), or the attempts run out. next_attempt_at NULL = nothing more to
-- do; a worker that takes a row moves it forward first, so two server processes never send the
-- same mail. A mail's link (a key to the account) is kept only until the mail is sent or the link
-- has expired (server/mail/retention.ts).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL DEFAULT 'email',
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  expires_at timestamptz,
  school_id integer NOT NULL REFERENCES schools (id)
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX outbox_school ON outbox (school_id, id);
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;

-- The first answer to each Idempotency-Key, replayed to any repeat. A key is bound to the request
-- (method, path, body hash); a claim is "in progress" until its answer is stored with the call's
-- effect; keys expire after 24 hours.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  request_hash text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Audit log (ASVS 5, 16.3): security events of a school's accounts and its admins' acts, readable by
-- the school's admins. It holds who, what, when and from where, never a secret: no password, token,
-- link or hash. Entries are only ever added. The kinds are contracts/audit.ts's.
CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN (
    'sign-in-failed', 'account-locked', 'reauthentication-failed', 'refresh-token-reused',
    'password-changed', 'password-reset', 'email-changed',
    'sign-in-link-created', 'outbox-read', 'audit-log-read', 'mail-retention-changed'
  )),
  -- The signed-in account that acted (none when signed out) and the account the event is about.
  -- No foreign keys: an entry outlives the account it names.
  actor_id uuid,
  subject_id uuid,
  address text,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_school_time ON audit_log (school_id, occurred_at, id);

-- Bytes each account uploaded per day (UTC), counted as uploads are reserved and settled to their
-- real size; a refused upload gives its bytes back. Its row is also the lock that makes one
-- account's parallel uploads take their turn to reserve.
CREATE TABLE upload_usage (
  school_id integer NOT NULL REFERENCES schools (id),
  account_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day)
);
CREATE INDEX upload_usage_day ON upload_usage (day);

-- Uploads under way: reserved before the first byte is read, removed when the file is stored
-- (its row then counts) or refused. `scope` names what the file is for (one answer, or the
-- account's course uploads), whose pending files it counts with.
CREATE TABLE upload_reservations (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  account_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope text NOT NULL,
  day date NOT NULL,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_reservations_scope ON upload_reservations (account_id, scope);
CREATE INDEX upload_reservations_created ON upload_reservations (created_at);
