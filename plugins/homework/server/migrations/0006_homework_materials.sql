-- A homework's own materials (plugins/homework/contract/materials.ts), shown to its students from
-- its start. A file is uploaded first (its bytes streamed to the FileStore under file_key) and
-- belongs to no homework until a homework lists it; unlisted uploads are deleted after a day.
-- Deleting a homework deletes its files' rows (the handler deletes their bytes) and its links.
CREATE TABLE homework_attachments (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer REFERENCES homework (id) ON DELETE CASCADE,
  uploaded_by uuid NOT NULL REFERENCES users (id),
  file_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  extension text NOT NULL,
  file_group text NOT NULL CHECK (file_group IN ('doc', 'video', 'photo', 'audio')),
  size_bytes bigint NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX homework_attachments_homework ON homework_attachments (school_id, homework_id, sort);
CREATE INDEX homework_attachments_unlisted ON homework_attachments (created_at) WHERE homework_id IS NULL;

-- Its links: http(s) addresses only (checked by the contract; the CHECK is the last net).
CREATE TABLE homework_links (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (char_length(url) <= 2048 AND url ~* '^https?://'),
  title text CHECK (title IS NULL OR char_length(title) BETWEEN 1 AND 100),
  sort integer NOT NULL
);
CREATE INDEX homework_links_homework ON homework_links (school_id, homework_id, sort);
