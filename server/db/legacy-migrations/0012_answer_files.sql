-- Files students hand in as answers: a file-upload question's files (9) and an audio question's
-- recording (10). Each is uploaded first (its bytes streamed to the FileStore under file_key) for
-- one question of one homework, by the student herself; a saved answer names it by id. An upload
-- no saved answer names a day after it was made is deleted (server/uploads/prune-unlisted.ts).
CREATE TABLE answer_files (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  question_id text NOT NULL,
  file_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  extension text NOT NULL,
  file_group text NOT NULL CHECK (file_group IN ('doc', 'video', 'photo', 'audio')),
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answer_files_work ON answer_files (homework_id, student_id, question_id);
CREATE INDEX answer_files_created ON answer_files (created_at);
