-- The class room's tables as the single sequence before per-feature migrations left them (its files
-- 0001–0015, kept frozen in server/db/legacy-migrations/; a database built by them records this file
-- as applied without running it): stages, class rooms with their teachers and subjects, parents and
-- students, and the chapters and topics of a subject per semester. Names in English and Arabic side by side.
CREATE TABLE educational_stages (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE class_rooms (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  stage_id integer NOT NULL REFERENCES educational_stages (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  division_en text NOT NULL,
  division_ar text NOT NULL
);

CREATE TABLE class_room_teachers (
  teacher_id uuid NOT NULL REFERENCES users (id),
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  school_id integer NOT NULL REFERENCES schools (id),
  PRIMARY KEY (teacher_id, class_room_id)
);

CREATE TABLE subjects (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL
);

CREATE TABLE class_room_subjects (
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  sort integer NOT NULL DEFAULT 0,
  school_id integer NOT NULL REFERENCES schools (id),
  PRIMARY KEY (class_room_id, subject_id)
);

CREATE TABLE parents (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  phone text NOT NULL,
  email text
);

-- A student signs in with her own account (user type 'Student'), linked here; her photo is a stored
-- file's key (shown through a signed link, server/auth/file-links.ts).
CREATE TABLE students (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  parent_id integer NOT NULL REFERENCES parents (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  user_id uuid REFERENCES users (id),
  photo text
);
CREATE INDEX students_class_room ON students (class_room_id);
CREATE UNIQUE INDEX students_user_key ON students (user_id) WHERE user_id IS NOT NULL;

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
-- One topic name per chapter, whatever its letter case.
CREATE UNIQUE INDEX topics_name_key ON topics (school_id, chapter_id, lower(name));
