-- Chapters and topics of a subject, per semester (supplementary spec: "Chapters and topics"). A
-- school configures its semesters (the drop-down a teacher picks from); a chapter belongs to one
-- subject and one semester, a topic to one chapter. Deleting a chapter deletes its topics.
CREATE TABLE semesters (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on >= starts_on),
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX semesters_school ON semesters (school_id, sort);

CREATE TABLE chapters (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  semester_id integer NOT NULL REFERENCES semesters (id),
  name text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One name per subject and semester, whatever its letter case.
CREATE UNIQUE INDEX chapters_name_key ON chapters (school_id, subject_id, semester_id, lower(name));

CREATE TABLE topics (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  chapter_id integer NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE INDEX topics_chapter ON topics (chapter_id, id);
