/*
 * The due dates of homework `h` for student `st`, as SQL expressions: every statement that reads a
 * student's due date, status or lateness reads it through these, so lists and her work agree.
 */

/** The due date the homework gives its targets: the custom one of chosen students when set, else the homework's. */
export const classDueOf = (homework: string) =>
  `CASE WHEN ${homework}.target_kind = 'students' AND ${homework}.custom_due_at IS NOT NULL THEN ${homework}.custom_due_at ELSE ${homework}.due_at END`

/** Her extension of homework `h` (student `st`), when a teacher gave her one. */
export const extensionOf = `(SELECT e.due_at FROM homework_due_extensions e WHERE e.homework_id = h.id AND e.student_id = st.id AND e.school_id = $school)`

/** A student's own due date: her extension when she has one, else the homework's for its targets. */
export const dueOf = `COALESCE(${extensionOf}, ${classDueOf('h')})`

/** The last due date of anyone homework `h` is aimed at: the targets' one, or a later extension. */
export const lastDueOf = `GREATEST(${classDueOf('h')}, (SELECT max(e.due_at) FROM homework_due_extensions e WHERE e.homework_id = h.id AND e.school_id = $school))`
