-- When a student may see a homework's right answers (plugins/homework/contract/answers-release.ts).
-- Homework already set keeps what students saw: a training quiz's right answers after hand-in,
-- anything else's never (before this, only training quizzes showed them); new homework takes the
-- contract's default when the teacher does not choose.
ALTER TABLE homework ADD COLUMN answers_release text NOT NULL DEFAULT 'never'
  CHECK (answers_release IN ('never', 'afterHandIn', 'afterDue', 'afterGrading'));
UPDATE homework SET answers_release = 'afterHandIn' WHERE quiz_mode = 'training';
ALTER TABLE homework ALTER COLUMN answers_release DROP DEFAULT;
