import type { CallOptions } from '../../../src/api/client.ts'
import { callApi } from '../../../src/api/client.ts'
import { classRoomStudentsKey, fetchClassRoomStudents } from '../../classroom/public.ts'
import type { FirstRead, PageAddress } from '../../../src/plugin-host/define-plugin.ts'
import { correctionPaths, pickCorrectionFirstReads, type CorrectionReadsOf } from './first-reads.ts'

/** The correction page's reads: each its API address, resource key and call, the one definition the page and boot's first reads share. */
export const correctionReads = {
  list: (homeworkId: number) =>
    ({
      path: correctionPaths.list(homeworkId),
      key: ['correctionList', homeworkId],
      load: (options?: CallOptions) => callApi((c) => c.homeworkCorrection.correctionList({ query: { HomeworkID: homeworkId } }), options),
    }) satisfies FirstRead,
  roster: (classRoomId: number) =>
    ({
      path: correctionPaths.roster(classRoomId),
      key: classRoomStudentsKey(classRoomId),
      load: (options?: CallOptions) => fetchClassRoomStudents(classRoomId, options),
    }) satisfies FirstRead,
  work: (homeworkId: number, studentId: number) =>
    ({
      path: correctionPaths.work(homeworkId, studentId),
      key: ['submissionForCorrection', homeworkId, studentId],
      load: (options?: CallOptions) =>
        callApi((c) => c.homeworkCorrection.submissionForCorrection({ query: { HomeworkID: homeworkId, StudentID: studentId } }), options),
    }) satisfies FirstRead,
  homeworks: (classRoomId: number) =>
    ({
      path: correctionPaths.homeworks(classRoomId),
      key: ['classRoomHomeworks', classRoomId],
      load: (options?: CallOptions) => callApi((c) => c.homework.classRoomHomeworks({ query: { ClassRoomID: classRoomId } }), options),
    }) satisfies FirstRead,
} satisfies CorrectionReadsOf<FirstRead>

/** The page's first reads, the ones its route's `firstReads` names: the same choice (first-reads.ts), made into whole reads. */
export const correctionPageFirstReads = (address: PageAddress): ReadonlyArray<FirstRead> => pickCorrectionFirstReads<FirstRead>(address, correctionReads)
