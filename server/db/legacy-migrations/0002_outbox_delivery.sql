-- Mail delivery with retries: each row is tried again after a temporary failure, until it goes
-- out, the mail server refuses it for good, its content expires (a reset link), or the attempts
-- run out. next_attempt_at NULL = nothing more to do; a worker that takes a row moves it forward
-- first, so two server processes never send the same mail.
ALTER TABLE outbox ADD COLUMN attempts int NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN expires_at timestamptz;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
