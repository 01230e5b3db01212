-- Private comments on one student's work on one homework (Classroom's private comments): a thread
-- only she and the teachers of the homework's class room read and write (plugins/homework/server/comments/).
CREATE TABLE homework_private_comments (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id),
  from_student boolean NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX homework_private_comments_thread ON homework_private_comments (school_id, homework_id, student_id, id);
