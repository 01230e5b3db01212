-- Late work (plugins/homework/contract/late-work.ts): whether a homework takes work handed in after
-- its due date (marked late) or closes then, as every homework did before this ('closed').
ALTER TABLE homework ADD COLUMN late_work text NOT NULL DEFAULT 'closed' CHECK (late_work IN ('closed', 'accepted'));

-- One student's own later due date, given by a teacher of the class room: it replaces the
-- homework's (and the chosen students' custom) due date for her alone.
CREATE TABLE homework_due_extensions (
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  granted_by uuid NOT NULL REFERENCES users (id),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (homework_id, student_id)
);
