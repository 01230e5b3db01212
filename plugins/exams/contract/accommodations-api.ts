import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { accommodationLimits, ClassRoomAccommodations, StudentAccommodation, UpdateAccommodation } from './accommodations.ts'

const errors = { error: failures(InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

/**
 * Accommodation profiles: a teacher of a class room reads its students' extra time and sets one
 * student's. Another room's or school's student, or a room she does not teach, answers 404.
 */
export class ExamAccommodationsGroup extends HttpApiGroup.make('examAccommodations')
  .add(
    HttpApiEndpoint.get('classRoomAccommodations', '/Accommodations/GetClassRoomAccommodations', {
      query: { ClassRoomID: IdFromString },
      success: Envelope(ClassRoomAccommodations),
      ...errors,
    }).annotateMerge(
      describe(
        "Every student of a class room the caller teaches with her extra time for timed exams (0 when none), in name order, names in the caller's language.",
      ),
    ),
    HttpApiEndpoint.post('updateAccommodation', '/Accommodations/UpdateStudentAccommodation', {
      payload: UpdateAccommodation,
      success: Envelope(StudentAccommodation),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          `Sets a student's extra time, a whole percentage from ${accommodationLimits.extraTimePercent.min} to ${accommodationLimits.extraTimePercent.max} (105 on \`extraTimePercent\`), applied to every timed exam she starts from then on; 0 takes it away.`,
        ),
      ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotateMerge(OpenApi.annotations({ title: 'Exam accommodations', description: "Students' standing extra time for timed exams" })) {}
