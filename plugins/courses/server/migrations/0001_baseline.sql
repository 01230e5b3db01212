-- Courses' tables as the single sequence before per-feature migrations left them (its files
-- 0001–0015, kept frozen in server/db/legacy-migrations/; a database built by them records this file
-- as applied without running it).
--
-- Courses of a subject (01-teacher-side /courses; 02-supplementary "Course": title, release date and
-- description required, at least one attachment, at most 20). An attachment is uploaded first (its
-- bytes streamed to the FileStore under file_key) and belongs to no course until a course lists it;
-- unlisted uploads are deleted after a day. Deleting a course deletes its attachments' rows (the
-- handler deletes their files).
CREATE TABLE courses (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  title text NOT NULL,
  release_date date NOT NULL,
  description text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courses_subject ON courses (school_id, subject_id, release_date DESC);

CREATE TABLE course_attachments (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  course_id integer REFERENCES courses (id) ON DELETE CASCADE,
  uploaded_by uuid NOT NULL REFERENCES users (id),
  file_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  extension text NOT NULL,
  file_group text NOT NULL CHECK (file_group IN ('doc', 'video', 'photo', 'audio')),
  size_bytes bigint NOT NULL,
  width integer,
  height integer,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX course_attachments_course ON course_attachments (course_id, sort);
CREATE INDEX course_attachments_unlisted ON course_attachments (created_at) WHERE course_id IS NULL;
