-- Exams (supplementary spec §3 "Exam", §4 statuses, §5 rules; issue: builder, approval, correctors
-- by percentage, take-exam, results). Statuses are stored with the names of the machines in
-- machines/ (exam-lifecycle, exam-corrector), which the server moves them with.
--
-- A fixed exam of one subject for one grade (educational stage), set by one teacher. The questions
-- are one JSON column, validated by the question engine's schemas (contracts/questions) before they
-- are stored, always read and written whole with the exam, as homework's are.
CREATE TABLE exams (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  teacher_id uuid NOT NULL REFERENCES users (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  stage_id integer NOT NULL REFERENCES educational_stages (id),
  title text NOT NULL,
  -- Spec §9: monthly, midterm, final, "plus training variants": the variant is `training`.
  exam_type text NOT NULL CHECK (exam_type IN ('monthly', 'midterm', 'final')),
  training boolean NOT NULL DEFAULT false,
  -- 'fixedDay': starts_at and ends_at fall on one day; 'range': the window spans days.
  timing text NOT NULL CHECK (timing IN ('fixedDay', 'range')),
  question_order text NOT NULL CHECK (question_order IN ('random', 'same')),
  correctors_mode text NOT NULL CHECK (correctors_mode IN ('split', 'double')),
  -- Double marking: a question whose markers' scores differ by more than this goes to the supervising corrector.
  mark_difference_threshold double precision,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  question_count integer NOT NULL CHECK (question_count >= 0),
  -- Halves (0.5 steps) are exact in double precision.
  total_degree double precision NOT NULL CHECK (total_degree > 0),
  questions jsonb NOT NULL DEFAULT '[]',
  -- 'classes': every student of the rows of exam_class_rooms; 'students': the rows of exam_students.
  target_kind text NOT NULL CHECK (target_kind IN ('classes', 'students')),
  status text NOT NULL DEFAULT 'draft' CHECK (
    status IN ('draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved', 'assigned', 'notViewed', 'inProgress', 'underCorrection', 'done', 'published')
  ),
  -- The supervising corrector's reason when she requires an edit or rejects.
  status_reason text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (correctors_mode = 'split' OR mark_difference_threshold IS NOT NULL)
);
CREATE INDEX exams_teacher ON exams (school_id, teacher_id, starts_at);
CREATE INDEX exams_status ON exams (school_id, status, starts_at);

CREATE TABLE exam_class_rooms (
  school_id integer NOT NULL REFERENCES schools (id),
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  PRIMARY KEY (exam_id, class_room_id)
);

CREATE TABLE exam_students (
  school_id integer NOT NULL REFERENCES schools (id),
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id),
  PRIMARY KEY (exam_id, student_id)
);

-- The exam's correctors, each with her share (percentages total 100, checked by the contract and the
-- handler) and her own status (machines/exam-corrector: notAssigned, assigned, waitingForApproval,
-- approved, requiredEdit with a reason, inProgress).
CREATE TABLE exam_correctors (
  school_id integer NOT NULL REFERENCES schools (id),
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  corrector_id uuid NOT NULL REFERENCES users (id),
  percentage double precision NOT NULL CHECK (percentage > 0 AND percentage <= 100),
  status text NOT NULL DEFAULT 'assigned' CHECK (
    status IN ('notAssigned', 'assigned', 'waitingForApproval', 'approved', 'requiredEdit', 'inProgress')
  ),
  status_reason text,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (exam_id, corrector_id)
);
CREATE INDEX exam_correctors_corrector ON exam_correctors (school_id, corrector_id);

-- A student's standing extra time, given once on the class room's student list and applied to every
-- timed exam (the accommodation profile).
CREATE TABLE exam_accommodations (
  school_id integer NOT NULL REFERENCES schools (id),
  student_id integer NOT NULL PRIMARY KEY REFERENCES students (id) ON DELETE CASCADE,
  extra_time_percent integer NOT NULL CHECK (extra_time_percent BETWEEN 0 AND 200),
  set_by uuid NOT NULL REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One student's attempt at one exam, made when the exam is assigned, with her single-use link
-- (only its hash is stored). The first open binds it to a device (device_key) and starts the clock:
-- the deadline is the server's start time plus the duration plus her accommodation.
CREATE TABLE exam_attempts (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id),
  link_hash text NOT NULL UNIQUE,
  device_key text,
  status text NOT NULL DEFAULT 'notViewed' CHECK (status IN ('notViewed', 'inProgress', 'finished')),
  started_at timestamptz,
  deadline_at timestamptz,
  finished_at timestamptz,
  -- contracts/questions Submission: question key → answer; and the worker's automatic scores.
  answers jsonb NOT NULL DEFAULT '{}',
  auto_scores jsonb NOT NULL DEFAULT '{}',
  marked_for_review jsonb NOT NULL DEFAULT '[]',
  -- question key → the supervising corrector's settled score (double marking, differences over the threshold).
  settled_scores jsonb NOT NULL DEFAULT '{}',
  final_mark double precision,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (exam_id, student_id),
  CHECK ((status = 'notViewed') = (started_at IS NULL))
);
CREATE INDEX exam_attempts_student ON exam_attempts (school_id, student_id);

-- Which corrector grades which paper: in split mode one row per attempt (her share, balanced across
-- classes, made when the exam closes); in double marking one row per corrector per attempt.
CREATE TABLE exam_papers (
  school_id integer NOT NULL REFERENCES schools (id),
  attempt_id integer NOT NULL REFERENCES exam_attempts (id) ON DELETE CASCADE,
  corrector_id uuid NOT NULL REFERENCES users (id),
  -- question key → { score, comment }: her marks (override the automatic score).
  marks jsonb NOT NULL DEFAULT '{}',
  graded_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  PRIMARY KEY (attempt_id, corrector_id)
);
CREATE INDEX exam_papers_corrector ON exam_papers (school_id, corrector_id);
