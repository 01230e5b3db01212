-- A course's audience: the class rooms whose students read it, from its release date on (issue 21).
-- The teacher picks them among her class rooms that have the course's subject; the course's subject
-- and release date stay on `courses`. A class room gone takes its audience rows with it.
CREATE TABLE course_class_rooms (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  class_room_id integer NOT NULL REFERENCES class_rooms (id) ON DELETE CASCADE,
  school_id integer NOT NULL REFERENCES schools (id),
  PRIMARY KEY (course_id, class_room_id)
);
-- A student's list starts from her class room.
CREATE INDEX course_class_rooms_class_room ON course_class_rooms (class_room_id, course_id);

-- Courses written before there was an audience were meant for the author's classes: each goes to
-- every class room she teaches that has its subject (what "her class" meant when she wrote it).
INSERT INTO course_class_rooms (course_id, class_room_id, school_id)
SELECT c.id, t.class_room_id, c.school_id
  FROM courses c
  JOIN class_room_teachers t ON t.teacher_id = c.created_by AND t.school_id = c.school_id
  JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id AND cs.subject_id = c.subject_id AND cs.school_id = c.school_id
ON CONFLICT DO NOTHING;
