-- Students sign in with their own account (user type 'Student'), linked to their row of students;
-- a student's photo is a stored file's key (shown through a signed link, server/auth/file-links.ts).
ALTER TABLE students ADD COLUMN user_id uuid REFERENCES users (id);
CREATE UNIQUE INDEX students_user_key ON students (user_id) WHERE user_id IS NOT NULL;
ALTER TABLE students ADD COLUMN photo text
