-- Housekeeping deletes the refresh tokens of ended sign-ins by family (server/auth/retention.ts);
-- the index also serves the foreign-key check when a family is deleted.
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX IF NOT EXISTS link_tokens_expires ON link_tokens (expires_at);
