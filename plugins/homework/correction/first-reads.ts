import type { PageAddress } from '../../../src/plugin-host/define-plugin.ts'

/** An id in the page's address: digits only (anything else reads as none). */
export const idOf = (text: string | null): number | null => (text !== null && /^\d+$/u.test(text) ? Number(text) : null)

/**
 * The addresses of the correction page's first reads, as the API client asks them (tested against
 * it and against the page's own reads, reads.ts): the homework's list of students, the class's
 * roster (its photos) and the student being corrected; without a homework, the class room's homework
 * to choose from. Plain strings, kept small: the route names them in the shell's first chunk.
 */
export const correctionFirstReads = ({ query }: PageAddress): ReadonlyArray<string> => {
  const [classRoomId, homeworkId, studentId] = [idOf(query.get('id')), idOf(query.get('homework')), idOf(query.get('student'))]
  if (homeworkId === null) return classRoomId === null ? [] : [`/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`]
  return [
    `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`,
    ...(classRoomId === null ? [] : [`/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${classRoomId}`]),
    ...(studentId === null ? [] : [`/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`]),
  ]
}
