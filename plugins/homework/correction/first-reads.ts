import { readAddress } from '../../../src/api/read-address.ts'
import type { PageAddress } from '../../../src/plugin-host/define-plugin.ts'

/** An id in the page's address: digits only (anything else reads as none). */
export const idOf = (text: string | null): number | null => (text !== null && /^\d+$/u.test(text) ? Number(text) : null)

/**
 * The API addresses of the correction page's reads, named through the contract (read-address.ts:
 * its paths and query fields, checked by type, with none of its code in the shell's first chunk).
 */
export const correctionPaths = {
  list: (homeworkId: number) => readAddress('/school/api/HomeWork/GetHomeworkSubmissions', { HomeworkID: homeworkId }),
  roster: (classRoomId: number) => readAddress('/school/api/ClassRoom/GetClassRoomStudents', { ClassRoomID: classRoomId }),
  work: (homeworkId: number, studentId: number) => readAddress('/school/api/HomeWork/GetStudentSubmission', { HomeworkID: homeworkId, StudentID: studentId }),
  homeworks: (classRoomId: number) => readAddress('/school/api/HomeWork/GetClassRoomHomeworks', { ClassRoomID: classRoomId }),
}

/** Each of the correction page's reads made into an R: its address here, the whole read in reads.ts. */
export type CorrectionReadsOf<R> = { readonly [K in keyof typeof correctionPaths]: (...ids: Parameters<(typeof correctionPaths)[K]>) => R }

/**
 * The correction page's first reads, from its address: the homework's list of students, the
 * class's roster (its photos) and the student being corrected; without a homework, the class room's
 * homework to choose from. One choice for the route's addresses and the page's own reads.
 */
export const pickCorrectionFirstReads = <R>({ query }: PageAddress, reads: CorrectionReadsOf<R>): ReadonlyArray<R> => {
  const [classRoomId, homeworkId, studentId] = [idOf(query.get('id')), idOf(query.get('homework')), idOf(query.get('student'))]
  if (homeworkId === null) return classRoomId === null ? [] : [reads.homeworks(classRoomId)]
  return [
    reads.list(homeworkId),
    ...(classRoomId === null ? [] : [reads.roster(classRoomId)]),
    ...(studentId === null ? [] : [reads.work(homeworkId, studentId)]),
  ]
}

/** The addresses of the correction page's first reads, as the API client asks them (tested against it), for boot to ask for early. */
export const correctionFirstReads = (address: PageAddress): ReadonlyArray<string> => pickCorrectionFirstReads(address, correctionPaths)
