import type { PluginRoute } from '../../../src/plugin-host/define-plugin.ts'

/** An id in the page's address: digits only (anything else reads as none). */
export const idOf = (text: string | null): number | null => (text !== null && /^\d+$/u.test(text) ? Number(text) : null)

/**
 * The correction page's first reads, as the API client asks for them (tested against it), for boot
 * to ask for early: the homework's list of students, the class's roster (its photos) and the student
 * being corrected; without a homework, the class room's homework to choose from.
 */
export const correctionFirstReads: NonNullable<PluginRoute['firstReads']> = ({ query }) => {
  const [classRoomId, homeworkId, studentId] = ['id', 'homework', 'student'].map((name) => idOf(query.get(name)))
  if (homeworkId === null) return classRoomId === null ? [] : [`/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`]
  return [
    `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`,
    ...(classRoomId === null ? [] : [`/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${classRoomId}`]),
    ...(studentId === null ? [] : [`/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`]),
  ]
}
