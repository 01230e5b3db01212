import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../contracts/api.ts'
import type { ClassRoom, Subject } from '../../contracts/entities.ts'
import { ok } from '../../contracts/envelope.ts'
import { forbidden, notFound } from '../http/failures.ts'
import { requestLocale, ServerRuntime } from '../services.ts'

const requireTeacher = Effect.gen(function* () {
  const caller = yield* CurrentCaller
  if (caller.userType !== 'Teacher') return yield* Effect.fail(forbidden(yield* requestLocale))
  return caller
})

// One indexed query each; the language picks the column, so no per-row work in JavaScript.
const classRoomsSql = (column: 'en' | 'ar') => `
  SELECT c.id AS "classRoomId", c.name_${column} AS name, c.division_${column} AS division, s.name_${column} AS "educationalStage"
    FROM class_room_teachers t
    JOIN class_rooms c ON c.id = t.class_room_id
    JOIN educational_stages s ON s.id = c.stage_id
   WHERE t.teacher_id = $1
   ORDER BY s.sort, c.name_en, c.division_en`

const subjectsSql = (column: 'en' | 'ar') => `
  SELECT sub.id, sub.name_${column} AS name
    FROM class_room_subjects cs JOIN subjects sub ON sub.id = cs.subject_id
   WHERE cs.class_room_id = $1
   ORDER BY cs.sort, sub.id`

export const SchoolHandlers = HttpApiBuilder.group(FaslApi, 'school', (handlers) =>
  Effect.gen(function* () {
    const { db } = yield* ServerRuntime
    const sql = { en: { classRooms: classRoomsSql('en'), subjects: subjectsSql('en') }, ar: { classRooms: classRoomsSql('ar'), subjects: subjectsSql('ar') } }
    return handlers
      .handle('getTeacherClassRooms', () =>
        Effect.gen(function* () {
          const caller = yield* requireTeacher
          const locale = yield* requestLocale
          return ok(yield* Effect.promise(() => db.prepared<ClassRoom>(`class-rooms-${locale}`, sql[locale].classRooms, [caller.userId])))
        }),
      )
      .handle('getClassRoomSubjects', ({ query }) =>
        Effect.gen(function* () {
          const caller = yield* requireTeacher
          const locale = yield* requestLocale
          const teaches = yield* Effect.promise(() =>
            db.query('SELECT 1 FROM class_room_teachers WHERE teacher_id = $1 AND class_room_id = $2', [caller.userId, query.ClassRoomID]),
          )
          if (teaches.length === 0) return yield* Effect.fail(notFound(locale))
          return ok(yield* Effect.promise(() => db.prepared<Subject>(`subjects-${locale}`, sql[locale].subjects, [query.ClassRoomID])))
        }),
      )
  }),
)
