-- One topic name per chapter, whatever its letter case (as chapter names per subject and semester,
-- 0006). Topics named alike before this rule keep their rows: each later one gets its id appended.
UPDATE topics t SET name = t.name || ' (' || t.id || ')'
 WHERE EXISTS (SELECT 1 FROM topics o WHERE o.chapter_id = t.chapter_id AND lower(o.name) = lower(t.name) AND o.id < t.id);

CREATE UNIQUE INDEX topics_name_key ON topics (school_id, chapter_id, lower(name));
