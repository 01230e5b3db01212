import { HttpApi, OpenApi } from 'effect/http-api'
import { AccountGroup, AdminGroup } from './api/account.ts'
import { Availability } from './api/availability.ts'
import { AuthGroup, AutoLoginLinkGroup } from './api/auth.ts'
import { accessInOpenApi } from './api/authorization.ts'
import { ChaptersGroup } from './api/chapters.ts'
import { HomeworkGroup } from './api/homework.ts'
import { CoursesGroup } from './api/courses.ts'
import { SchoolGroup } from './api/school.ts'
import { HomeworkCorrectionGroup, StudentHomeworkGroup } from './api/submissions.ts'
import { SystemGroup } from './api/system.ts'

const groups = [
  SystemGroup,
  AuthGroup,
  AutoLoginLinkGroup,
  AccountGroup,
  AdminGroup,
  SchoolGroup,
  ChaptersGroup,
  HomeworkGroup,
  CoursesGroup,
  HomeworkCorrectionGroup,
  StudentHomeworkGroup,
] as const

/** The whole Fasl API, declared once: the server implements it, the client calls through it. */
export class FaslApi extends HttpApi.make('fasl')
  .add(...groups)
  // Outermost, on every endpoint: an unreachable database answers 503 with the envelope.
  .middleware(Availability)
  .annotateMerge(
    OpenApi.annotations({
      title: 'Fasl API',
      description:
        'Every answer is the envelope { responseCode, responseData, responseMessage, validationList }. A request body may have 1 MB unless its call says otherwise; a bigger one answers 413.',
    }),
  )
  // Who may call each operation (x-fasl-user-types, x-fasl-roles), read from the same declarations the server enforces.
  .annotateMerge(accessInOpenApi(groups))
  // A 105 names every field that is wrong, not only the first.
  .annotate(HttpApi.PayloadParseOptions, { errors: 'all' })
  .annotate(HttpApi.QueryParseOptions, { errors: 'all' })
  .annotate(HttpApi.ParamsParseOptions, { errors: 'all' }) {}

export { Authentication, CurrentCaller, type Caller } from './api/authentication.ts'
export { ProfileUpdate } from './api/account.ts'
export { AllowedUserTypes, RequiredRoles, accessRuleOf, allow, mayCall, requireRole } from './api/authorization.ts'
export { Availability } from './api/availability.ts'
export { Idempotency, idempotencyKeyMaxLength } from './api/idempotency.ts'
