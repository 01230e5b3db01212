-- Limits on what one account stores (server/uploads/upload-limits.ts). A school's own daily upload
-- allowance per account, in bytes; NULL takes the default (contracts/settings.ts uploadLimits, 1 GB).
ALTER TABLE schools ADD COLUMN upload_bytes_per_account_per_day bigint CHECK (upload_bytes_per_account_per_day >= 0);

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
