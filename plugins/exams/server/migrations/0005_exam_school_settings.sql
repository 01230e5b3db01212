-- A school's own settings of the take-exam flow; a school without a row has the defaults of
-- plugins/exams/contract/take-exam.ts (takeExamDefaults: 120 s of grace).
CREATE TABLE exam_school_settings (
  school_id integer PRIMARY KEY REFERENCES schools (id),
  -- Answers given before the deadline while offline are accepted when they arrive at most this long after it.
  offline_grace_seconds integer NOT NULL CHECK (offline_grace_seconds BETWEEN 0 AND 3600)
);

-- A student's attempts are found by her link (link_hash is UNIQUE already) and by exam for the proctors' and correctors' lists.
CREATE INDEX exam_attempts_exam ON exam_attempts (school_id, exam_id);
