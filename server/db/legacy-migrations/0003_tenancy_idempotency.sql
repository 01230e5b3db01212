-- Tenancy: every school-owned row carries its school, so every query can filter by the caller's.
ALTER TABLE outbox ADD COLUMN school_id integer REFERENCES schools (id);
UPDATE outbox o SET school_id = u.school_id FROM users u WHERE lower(u.email) = lower(o.recipient);
UPDATE outbox SET school_id = (SELECT min(id) FROM schools) WHERE school_id IS NULL;
ALTER TABLE outbox ALTER COLUMN school_id SET NOT NULL;
CREATE INDEX outbox_school ON outbox (school_id, id);

ALTER TABLE class_room_teachers ADD COLUMN school_id integer REFERENCES schools (id);
UPDATE class_room_teachers t SET school_id = c.school_id FROM class_rooms c WHERE c.id = t.class_room_id;
ALTER TABLE class_room_teachers ALTER COLUMN school_id SET NOT NULL;

ALTER TABLE class_room_subjects ADD COLUMN school_id integer REFERENCES schools (id);
UPDATE class_room_subjects s SET school_id = c.school_id FROM class_rooms c WHERE c.id = s.class_room_id;
ALTER TABLE class_room_subjects ALTER COLUMN school_id SET NOT NULL;

ALTER TABLE link_tokens ADD COLUMN school_id integer REFERENCES schools (id);
UPDATE link_tokens l SET school_id = u.school_id FROM users u WHERE u.id = l.user_id;
ALTER TABLE link_tokens ALTER COLUMN school_id SET NOT NULL;

-- Idempotency keys are bound to the request (method, path, body hash); a claim is "in progress"
-- until its answer is stored with the call's effect; keys expire after 24 hours. Keys stored
-- before this migration have no request hash and could not be checked: they are dropped.
DELETE FROM idempotency_keys;
ALTER TABLE idempotency_keys ADD COLUMN request_hash text NOT NULL;
ALTER TABLE idempotency_keys ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
