-- The topics a homework is tagged with (issue 21: "tagged with a chapter and topics"), any number of
-- its chapter's, where it had one column for one topic. Each homework's topic so far moves here,
-- and the column goes: one place says which topics a homework has. A deleted topic leaves the
-- homework's other topics; a deleted homework takes its rows.
CREATE TABLE homework_topics (
  school_id integer NOT NULL REFERENCES schools (id),
  homework_id integer NOT NULL REFERENCES homework (id) ON DELETE CASCADE,
  topic_id integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  PRIMARY KEY (homework_id, topic_id)
);
CREATE INDEX homework_topics_topic ON homework_topics (topic_id);

INSERT INTO homework_topics (school_id, homework_id, topic_id)
  SELECT school_id, id, topic_id FROM homework WHERE topic_id IS NOT NULL AND chapter_id IS NOT NULL;

ALTER TABLE homework DROP COLUMN topic_id;
