import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IntegerInRange } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { takeExamDefaults } from './take-exam.ts'

/** The bounds of a school's offline grace, in seconds (the CHECK of exam_school_settings says the same). */
export const offlineGraceSeconds = { min: 0, max: 3600 } as const

/** A school's own settings of its exams (issue 22): for now, how late an answer given offline in time may arrive. */
export const SchoolExamSettings = Schema.Struct({ offlineGraceSeconds: IntegerInRange(offlineGraceSeconds) })
export type SchoolExamSettings = typeof SchoolExamSettings.Type

const describe = (description: string) => OpenApi.annotations({ description })

/** A school's admins read and set its exam settings; teachers and students are refused (403). */
export class ExamSettingsGroup extends HttpApiGroup.make('examSettings')
  .add(
    HttpApiEndpoint.get('schoolExamSettings', '/ExamSettings/GetSchoolExamSettings', {
      success: Envelope(SchoolExamSettings),
      error: failures(Unauthorized, Forbidden),
    }).annotateMerge(
      describe(`The caller's school's exam settings; a school that never set them has the defaults (${takeExamDefaults.offlineGraceSeconds} s of grace).`),
    ),
    HttpApiEndpoint.post('setSchoolExamSettings', '/ExamSettings/SetSchoolExamSettings', {
      payload: SchoolExamSettings,
      success: Envelope(SchoolExamSettings),
      error: failures(Refused, InvalidInput, Unauthorized, Forbidden),
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          `Sets the school's offline grace: answers given before a student's deadline are accepted when they arrive at most this many seconds after it (${offlineGraceSeconds.min} to ${offlineGraceSeconds.max}, 105 on \`offlineGraceSeconds\`). An exam is closed for correction at its end plus the grace read when it is closed, so exams already closed stay closed.`,
        ),
      ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Admin', 'SuperAdmin'))
  .annotateMerge(OpenApi.annotations({ title: 'Exam settings', description: "A school's own exam settings, set by its admins" })) {}
