import { Effect } from 'effect'
import { homeworkDomainEventTypes, homeworkSubject, workSubject, type GradesReturned, type HomeworkPublished } from '../contract/domain-events.ts'
import { recordDomainEvent, scheduleDomainEventOnce, withdrawPendingDomainEvents } from '../../../server/events/domain-events.ts'
import { inSchool } from '../../../server/services/tenancy.ts'
import { isoOf } from './homework/sql.ts'
import { classDueOf } from './due-dates-sql.ts'
import { targeted, type TargetRow } from './submissions/sql.ts'

/** The domain events homework records (contract/domain-events.ts), each in the transaction of its change. */

const publishedSql = `SELECT h.id AS "homeworkId", h.class_room_id AS "classRoomId", h.title, h.kind AS type,
    ${isoOf('h.starts_at')} AS "startsAt", ${isoOf(classDueOf('h'))} AS "dueAt",
    coalesce((SELECT array_agg(st.user_id::text ORDER BY st.id) FROM students st WHERE ${targeted} AND st.school_id = $school AND st.user_id IS NOT NULL), '{}') AS recipients
  FROM homework h WHERE h.id = $1 AND h.school_id = $school`

/**
 * Homework $1 reaches its students at its start: recorded to occur then, for those it is aimed at
 * now. Saved again before then (an edit, new students), it replaces the one waiting; after, it is
 * not told again.
 */
export const announcePublished = (homeworkId: number) =>
  Effect.gen(function* () {
    const [row] = yield* inSchool<HomeworkPublished & { recipients: ReadonlyArray<string> }>(publishedSql, [homeworkId])
    if (row === undefined) return
    const { recipients, ...payload } = row
    yield* scheduleDomainEventOnce({
      type: homeworkDomainEventTypes.published,
      subject: homeworkSubject(homeworkId),
      recipients,
      payload,
      occursAt: row.startsAt,
    })
  })

/** A homework deleted before its start is never announced. */
export const withdrawPublication = (homeworkId: number) => withdrawPendingDomainEvents(homeworkSubject(homeworkId))

/** Her work was marked corrected: the grade is hers (only when she has an account to hear it). */
export const announceGradesReturned = (target: Pick<TargetRow, 'homeworkId' | 'studentId' | 'title' | 'totalDegree'>, grade: number) =>
  Effect.gen(function* () {
    const [student] = yield* inSchool<{ userId: string | null }>(`SELECT user_id::text AS "userId" FROM students WHERE id = $1 AND school_id = $school`, [
      target.studentId,
    ])
    const payload: GradesReturned = { homeworkId: target.homeworkId, studentId: target.studentId, title: target.title, grade, totalDegree: target.totalDegree }
    yield* recordDomainEvent({
      type: homeworkDomainEventTypes.gradesReturned,
      subject: workSubject(target.homeworkId, target.studentId),
      recipients: student?.userId ? [student.userId] : [],
      payload,
    })
  })
