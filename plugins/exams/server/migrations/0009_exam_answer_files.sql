-- Files students hand in as exam answers: a file-upload question's files (9) and an audio
-- question's recording (10). Each is uploaded first (its bytes streamed to the FileStore under
-- file_key) for one question of one attempt, by the student herself on the device holding her link;
-- her saved answers name it by id. One no answer of its attempt names a day after it was made is
-- deleted (server/uploads/prune-unlisted.ts). A corrector reads it through a signed link only.
CREATE TABLE exam_answer_files (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  attempt_id integer NOT NULL REFERENCES exam_attempts (id) ON DELETE CASCADE,
  question_id text NOT NULL,
  file_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  extension text NOT NULL,
  file_group text NOT NULL CHECK (file_group IN ('doc', 'video', 'photo', 'audio')),
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exam_answer_files_attempt ON exam_answer_files (school_id, attempt_id, question_id);
CREATE INDEX exam_answer_files_created ON exam_answer_files (created_at);
