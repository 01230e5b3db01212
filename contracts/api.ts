import { HttpApi, OpenApi } from 'effect/http-api'
import { adminGroups } from '../plugins/admin/contract/groups.ts'
import { classroomGroups } from '../plugins/classroom/contract/groups.ts'
import { coursesGroups } from '../plugins/courses/contract/groups.ts'
import { homeworkGroups } from '../plugins/homework/contract/groups.ts'
import { profileGroups } from '../plugins/profile/contract/groups.ts'
import { Availability } from './api/availability.ts'
import { AuthGroup } from './api/auth.ts'
import { accessInOpenApi } from './api/authorization.ts'
import { SystemGroup } from './api/system.ts'

/** The core's groups, then each feature's (plugins/<id>/contract/groups.ts), one line per feature. */
const groups = [SystemGroup, AuthGroup, ...profileGroups, ...adminGroups, ...classroomGroups, ...homeworkGroups, ...coursesGroups] as const

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
export { ProfileUpdate } from '../plugins/profile/contract/account-api.ts'
export { AllowedUserTypes, RequiredRoles, accessRuleOf, allow, mayCall, requireRole } from './api/authorization.ts'
export { Availability } from './api/availability.ts'
export { Idempotency, idempotencyKeyMaxLength } from './api/idempotency.ts'
