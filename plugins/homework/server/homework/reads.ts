import { Effect } from 'effect'
import type { ClassRoomStudent } from '../../../classroom/contract/class-room.ts'
import type { ClassRoomHomeworkDetails, HomeworkStudent, HomeworkSummary, HomeworkType } from '../../contract/homework.ts'
import { checkDayRange } from '../../contract/homework-rules.ts'
import { homeworkLimits } from '../../contract/homework.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { inSchool, asCaller } from '../../../../server/services/tenancy.ts'
import { nowIso, statusAsOf } from '../submissions/record.ts'
import { Tokens } from '../../../../server/services/tokens.ts'
import { mustTeach, refuseIssues } from './caller.ts'
import { callerOffsetMs, daysBetween } from './day-window.ts'
import { detailsOf, ownHomework } from './details.ts'
import { sql } from './sql.ts'
import { found } from '../../../../server/db/found.ts'

/** A stored photo as a signed, expiring link (server/auth/file-links.ts); only callers who may see the student get it. */
const withPhotoLink = <R extends { readonly photo: string | null }>(row: R) =>
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const { photo, ...rest } = row
    return { ...rest, photoUrl: tokens.fileLinks.sign(photo) }
  })

export const classRoomStudents = (classRoomId: number) =>
  Effect.gen(function* () {
    yield* mustTeach(classRoomId)
    const rows = yield* inSchool<{ id: number; name: string; photo: string | null }>(sql.classRoomStudents[yield* requestLocale], [classRoomId])
    return yield* Effect.forEach(rows, (row) => Effect.map(withPhotoLink(row), (student): ClassRoomStudent => student))
  })

export const classRoomHomeworks = (classRoomId: number, subjectId: number | undefined, type: HomeworkType | undefined) =>
  Effect.gen(function* () {
    yield* mustTeach(classRoomId)
    return yield* asCaller<HomeworkSummary>(sql.classRoomHomeworks[yield* requestLocale], classRoomId, subjectId ?? null, type ?? null)
  })

/** Spec: start and end dates are required to fetch; the schema refuses a missing one, this the order and the span. */
export const homeworksForFetch = (query: { readonly ClassRoomID: number; readonly StartDate: string; readonly EndDate: string; readonly SubjectID?: number }) =>
  Effect.gen(function* () {
    yield* refuseIssues(checkDayRange(query.StartDate, query.EndDate, homeworkLimits.maxFetchDays))
    yield* mustTeach(query.ClassRoomID)
    const window = daysBetween(query.StartDate, query.EndDate, yield* callerOffsetMs)
    return yield* asCaller<HomeworkSummary>(sql.homeworksForFetch[yield* requestLocale], query.ClassRoomID, window.from, window.to, query.SubjectID ?? null)
  })

export const teacherHomeworkForEdit = (homeworkId: number) => Effect.flatMap(ownHomework(homeworkId), detailsOf)

/** The homework with its students' work, when it is the caller's and of that class room. */
export const classRoomHomeworkForEdit = (homeworkId: number, classRoomId: number) =>
  Effect.gen(function* () {
    const stored = yield* ownHomework(homeworkId)
    if (stored.classRoomId !== classRoomId) yield* found<never>([])
    const homework = yield* detailsOf(stored)
    type Row = Omit<HomeworkStudent, 'photoUrl'> & { readonly photo: string | null }
    const rows = yield* inSchool<Row>(sql.homeworkStudents[yield* requestLocale], [homeworkId, classRoomId])
    const now = yield* nowIso
    // Each student's own due date (her extension when she has one) and the lazy due date of her work
    // (plugins/homework/server/submissions/record.ts), so this list and the correction list agree.
    const students = yield* Effect.forEach(rows, (row) =>
      Effect.map(withPhotoLink(row), (student): HomeworkStudent => ({ ...student, status: statusAsOf(student.status, student.dueAt, now) })),
    )
    const details: ClassRoomHomeworkDetails = { homework, students }
    return details
  })
