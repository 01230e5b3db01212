import type { CallOptions } from '../../../src/api/client.ts'
import { callApi } from '../../../src/api/client.ts'
import { classRoomStudentsKey, fetchClassRoomStudents } from '../../../src/classrooms/class-rooms.ts'
import type { FirstRead, PageAddress } from '../../../src/plugin-host/define-plugin.ts'
import { idOf } from './first-reads.ts'

/** The correction page's reads: each its API address, resource key and call, the one definition the page and boot's first reads share. */
export const correctionReads = {
  list: (homeworkId: number) =>
    ({
      path: `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`,
      key: ['correctionList', homeworkId],
      load: (options?: CallOptions) => callApi((c) => c.homeworkCorrection.correctionList({ query: { HomeworkID: homeworkId } }), options),
    }) satisfies FirstRead,
  roster: (classRoomId: number) =>
    ({
      path: `/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${classRoomId}`,
      key: classRoomStudentsKey(classRoomId),
      load: (options?: CallOptions) => fetchClassRoomStudents(classRoomId, options),
    }) satisfies FirstRead,
  work: (homeworkId: number, studentId: number) =>
    ({
      path: `/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`,
      key: ['submissionForCorrection', homeworkId, studentId],
      load: (options?: CallOptions) => callApi((c) => c.homeworkCorrection.submissionForCorrection({ query: { HomeworkID: homeworkId, StudentID: studentId } }), options),
    }) satisfies FirstRead,
  homeworks: (classRoomId: number) =>
    ({
      path: `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`,
      key: ['classRoomHomeworks', classRoomId],
      load: (options?: CallOptions) => callApi((c) => c.homework.classRoomHomeworks({ query: { ClassRoomID: classRoomId } }), options),
    }) satisfies FirstRead,
}

/** The page's first reads, the same as its route's `firstReads` names (tested): the list, the roster and the open student; without a homework, the class room's homework. */
export const correctionPageFirstReads = ({ query }: PageAddress): ReadonlyArray<FirstRead> => {
  const [classRoomId, homeworkId, studentId] = [idOf(query.get('id')), idOf(query.get('homework')), idOf(query.get('student'))]
  if (homeworkId === null) return classRoomId === null ? [] : [correctionReads.homeworks(classRoomId)]
  return [
    correctionReads.list(homeworkId),
    ...(classRoomId === null ? [] : [correctionReads.roster(classRoomId)]),
    ...(studentId === null ? [] : [correctionReads.work(homeworkId, studentId)]),
  ]
}
