import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../../contracts/api.ts'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../contract/class-room.ts'
import { ok } from '../../../contracts/envelope.ts'
import { NotFound } from '../../../contracts/failures.ts'
import { requestLocale } from '../../../server/http/request.ts'
import { inSchool } from '../../../server/services/tenancy.ts'

// One indexed query each; the language picks the column, so no per-row work in JavaScript.
// Only teachers reach these (plugins/classroom/contract/school-api.ts declares it); each reads the caller's school only.
const classRoomsSql = (column: 'en' | 'ar') => `
  SELECT c.id AS "classRoomId", c.name_${column} AS name, c.division_${column} AS division, s.name_${column} AS "educationalStage"
    FROM class_room_teachers t
    JOIN class_rooms c ON c.id = t.class_room_id
    JOIN educational_stages s ON s.id = c.stage_id
   WHERE t.teacher_id = $1 AND t.school_id = $school
   ORDER BY s.sort, c.name_en, c.division_en`

// Teaching the room and its subjects in one statement: no row means she does not teach it (404);
// one row without an id means a room without subjects (an empty list).
const subjectsSql = (column: 'en' | 'ar') => `
  SELECT sub.id, sub.name_${column} AS name
    FROM class_room_teachers t
    LEFT JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id AND cs.school_id = t.school_id
    LEFT JOIN subjects sub ON sub.id = cs.subject_id
   WHERE t.teacher_id = $1 AND t.class_room_id = $2 AND t.school_id = $school
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
        const rows = yield* inSchool<{ id: number | null; name: string | null }>(sql[locale].subjects, [caller.userId, query.ClassRoomID], { prepared: true })
        if (rows.length === 0) return yield* Effect.fail(new NotFound())
        return ok(rows.flatMap((row): Subject[] => (row.id === null || row.name === null ? [] : [{ id: row.id, name: row.name }])))
      }),
    ),
)
