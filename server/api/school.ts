import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../contracts/api.ts'
import type { ClassRoom, Subject } from '../../contracts/entities.ts'
import { ok } from '../../contracts/envelope.ts'
import { notFound } from '../http/failures.ts'
import { requestLocale } from '../http/request.ts'
import { Clock } from '../services/clock.ts'
import { inSchool } from '../services/tenancy.ts'
import { ttlCache } from '../services/ttl-cache.ts'

// One indexed query each; the language picks the column, so no per-row work in JavaScript.
// Only teachers reach these (contracts/api/school.ts declares it); each reads the caller's school only.
const classRoomsSql = (column: 'en' | 'ar') => `
  SELECT c.id AS "classRoomId", c.name_${column} AS name, c.division_${column} AS division, s.name_${column} AS "educationalStage"
    FROM class_room_teachers t
    JOIN class_rooms c ON c.id = t.class_room_id
    JOIN educational_stages s ON s.id = c.stage_id
   WHERE t.teacher_id = $1 AND t.school_id = $school
   ORDER BY s.sort, c.name_en, c.division_en`

const subjectsSql = (column: 'en' | 'ar') => `
  SELECT sub.id, sub.name_${column} AS name
    FROM class_room_subjects cs JOIN subjects sub ON sub.id = cs.subject_id
   WHERE cs.class_room_id = $1 AND cs.school_id = $school
   ORDER BY cs.sort, sub.id`

const sql = { en: { classRooms: classRoomsSql('en'), subjects: subjectsSql('en') }, ar: { classRooms: classRoomsSql('ar'), subjects: subjectsSql('ar') } }

/**
 * The class-room list is what every page of a signed-in teacher asks for first, and it changes only
 * when a school's admin reassigns class rooms: each server process keeps a teacher's list, per
 * language, for two seconds (the same bound as the account check), which spares the database most of
 * those reads. A change made elsewhere shows within those two seconds.
 */
export const classRoomListTtlMs = 2000

export const SchoolHandlers = HttpApiBuilder.group(FaslApi, 'school', (handlers) =>
  Effect.gen(function* () {
    const lists = ttlCache<ReadonlyArray<ClassRoom>>(yield* Clock, classRoomListTtlMs, 10_000)
    return handlers
      .handle('getTeacherClassRooms', () =>
        Effect.gen(function* () {
          const caller = yield* CurrentCaller
          const locale = yield* requestLocale
          const key = `${caller.schoolId}:${caller.userId}:${locale}`
          const known = lists.get(key)
          if (known !== undefined) return ok(known)
          const list = yield* inSchool<ClassRoom>(sql[locale].classRooms, [caller.userId], { prepared: true })
          lists.set(key, list)
          return ok(list)
        }),
      )
      .handle('getClassRoomSubjects', ({ query }) =>
        Effect.gen(function* () {
          const caller = yield* CurrentCaller
          const locale = yield* requestLocale
          const teaches = yield* inSchool('SELECT 1 FROM class_room_teachers WHERE teacher_id = $1 AND class_room_id = $2 AND school_id = $school', [caller.userId, query.ClassRoomID])
          if (teaches.length === 0) return yield* Effect.fail(notFound(locale))
          return ok(yield* inSchool<Subject>(sql[locale].subjects, [query.ClassRoomID], { prepared: true }))
        }),
      )
  }),
)
