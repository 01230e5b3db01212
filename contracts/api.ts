import { HttpApi, type HttpApiGroup, OpenApi } from 'effect/http-api'
import { adminGroups } from '../plugins/admin/contract/groups.ts'
import { classroomGroups } from '../plugins/classroom/contract/groups.ts'
import { coursesGroups } from '../plugins/courses/contract/groups.ts'
import { examsGroups } from '../plugins/exams/contract/groups.ts'
import { homeworkGroups } from '../plugins/homework/contract/groups.ts'
import { profileGroups } from '../plugins/profile/contract/groups.ts'
import { Availability } from './api/availability.ts'
import { AuthGroup } from './api/auth.ts'
import { accessInOpenApi } from './api/authorization.ts'
import { SystemGroup } from './api/system.ts'

/** The features' groups (plugins/<id>/contract/groups.ts), one line per feature; the core's come first (composeApi). */
export const featureGroups = [...profileGroups, ...adminGroups, ...classroomGroups, ...homeworkGroups, ...coursesGroups, ...examsGroups] as const

/**
 * An API made of the core's groups and the given features': its middleware and annotations are the
 * same whatever the groups, so a feature's handlers built against `composeApi(itsGroups)` serve in
 * any API that lists them. FaslApi is this with featureGroups; a feature not (yet) listed there
 * (tests/unit/fixtures/field-trips) composes the server's API with its own groups the same way.
 */
export const composeApi = <const Groups extends ReadonlyArray<HttpApiGroup.Constraint>>(groups: Groups) => {
  const all = [SystemGroup, AuthGroup, ...groups] as const
  return (
    HttpApi.make('fasl')
      .add(...all)
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
      .annotateMerge(accessInOpenApi(all as unknown as Parameters<typeof accessInOpenApi>[0]))
      // A 105 names every field that is wrong, not only the first.
      .annotate(HttpApi.PayloadParseOptions, { errors: 'all' })
      .annotate(HttpApi.QueryParseOptions, { errors: 'all' })
      .annotate(HttpApi.ParamsParseOptions, { errors: 'all' })
  )
}

/** The whole Fasl API, declared once: the server implements it, the client calls through it. */
export class FaslApi extends composeApi(featureGroups) {}

export { Authentication, CurrentCaller, type Caller } from './api/authentication.ts'
export { ProfileUpdate } from '../plugins/profile/contract/account-api.ts'
export { AllowedUserTypes, RequiredRoles, accessRuleOf, allow, mayCall, requireRole } from './api/authorization.ts'
export { Availability } from './api/availability.ts'
export { Idempotency, idempotencyKeyMaxLength } from './api/idempotency.ts'
