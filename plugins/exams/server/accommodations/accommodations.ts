import { Effect } from 'effect'
import type { ClassRoomAccommodations, StudentAccommodation, UpdateAccommodation } from '../../contract/accommodations.ts'
import { found } from '../../../../server/db/found.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { accommodationsSql } from './sql.ts'

/** A class room's students with their extra time; 404 unless the caller teaches the room. */
export const classRoomAccommodations = (classRoomId: number) =>
  Effect.gen(function* () {
    yield* found(yield* asCaller(accommodationsSql.teachesClassRoom, classRoomId))
    const students = yield* inSchool<StudentAccommodation>(accommodationsSql.studentsOf[yield* requestLocale], [classRoomId], { prepared: true })
    const answer: ClassRoomAccommodations = { classRoomId, students }
    return answer
  })

/** Sets one student's extra time; 404 unless the caller teaches her class room (another room's, school's, or no such student alike). */
export const updateAccommodation = ({ studentId, extraTimePercent }: UpdateAccommodation) =>
  Effect.gen(function* () {
    const saved = yield* asCaller<StudentAccommodation>(accommodationsSql.upsert[yield* requestLocale], studentId, extraTimePercent)
    return yield* found(saved)
  })
