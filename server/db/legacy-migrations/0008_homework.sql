-- Homework and quizzes of a class room (supplementary spec §3 "Homework or quiz"), their chosen
-- students, and each student's work on them. The questions are one JSON column, validated by the
-- contract's schemas (contracts/questions) before they are stored; they are always read and
-- written whole, with the homework.
CREATE TABLE homework (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  -- A deleted chapter (and with it its topics) leaves the homework without one.
  chapter_id integer REFERENCES chapters (id) ON DELETE SET NULL,
  topic_id integer REFERENCES topics (id) ON DELETE SET NULL,
  teacher_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('homework', 'quiz')),
  quiz_mode text CHECK (quiz_mode IN ('training', 'exam', 'multiple', 'general')),
  title text NOT NULL,
  body text NOT NULL,
  questions jsonb NOT NULL,
  -- Halves (0.5 steps) are exact in double precision.
  total_degree double precision NOT NULL,
  starts_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  -- 'class': every student of the class room; 'students': the rows of homework_targets.
  target_kind text NOT NULL CHECK (target_kind IN ('class', 'students')),
  -- The spec's "custom date": the chosen students' own due date.
  custom_due_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'quiz') = (quiz_mode IS NOT NULL)),
  CHECK (due_at > starts_at),
  CHECK (custom_due_at IS NULL OR target_kind = 'students')
);
CREATE INDEX homework_class_room ON homework (school_id, class_room_id, due_at);
CREATE INDEX homework_teacher ON homework (school_id, teacher_id, starts_at);

CREATE TABLE homework_targets (
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id),
  PRIMARY KEY (homework_id, student_id)
);

-- A student's work on one homework. No row yet = not viewed. The correction machine's statuses:
-- not_viewed → in_progress → ready (handed in) / uncompleted (due passed unfinished) → done (corrected).
CREATE TABLE homework_submissions (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id),
  status text NOT NULL DEFAULT 'not_viewed' CHECK (status IN ('not_viewed', 'in_progress', 'ready', 'uncompleted', 'done')),
  -- contracts/questions Submission: question key → answer.
  answers jsonb NOT NULL DEFAULT '{}',
  -- question key → the scoring module's result for auto-graded types (contracts/questions/scoring.ts).
  auto_scores jsonb NOT NULL DEFAULT '{}',
  -- question key → { score, comment }: the teacher's grade and comment per answer (overrides the automatic score).
  answer_reviews jsonb NOT NULL DEFAULT '{}',
  grade double precision,
  comment text,
  version integer NOT NULL DEFAULT 1,
  viewed_at timestamptz,
  submitted_at timestamptz,
  corrected_at timestamptz,
  corrected_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (homework_id, student_id)
);
CREATE INDEX homework_submissions_student ON homework_submissions (school_id, student_id);
