import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../contracts/api.ts'
import type { ClassRoom, Subject } from '../../contracts/entities.ts'
import { ok } from '../../contracts/envelope.ts'
import { notFound } from '../http/failures.ts'
import { requestLocale } from '../http/request.ts'
import { inSchool } from '../services/tenancy.ts'

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

export const SchoolHandlers = HttpApiBuilder.group(FaslApi, 'school', (handlers) =>
  handlers
    .handle('getTeacherClassRooms', () =>
      Effect.gen(function* () {
        const caller = yield* CurrentCaller
        const locale = yield* requestLocale
        return ok(yield* inSchool<ClassRoom>(sql[locale].classRooms, [caller.userId], { prepared: true }))
      }),
    )
    .handle('getClassRoomSubjects', ({ query }) =>
      Effect.gen(function* () {
        const caller = yield* CurrentCaller
        const locale = yield* requestLocale
        const teaches = yield* inSchool('SELECT 1 FROM class_room_teachers WHERE teacher_id = $1 AND class_room_id = $2 AND school_id = $school', [
          caller.userId,
          query.ClassRoomID,
        ])
        if (teaches.length === 0) return yield* Effect.fail(notFound(locale))
        return ok(yield* inSchool<Subject>(sql[locale].subjects, [query.ClassRoomID], { prepared: true }))
      }),
    ),
)
