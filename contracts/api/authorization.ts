import { Context, Option } from 'effect'
import { OpenApi } from 'effect/http-api'
import type { UserType } from '../entities.ts'
import { effectiveRoles, holdsAnyRole, type TeacherRole } from '../roles.ts'

/**
 * Who may call an endpoint, declared on the endpoint (or its group) and enforced by the server's
 * Authentication middleware for every endpoint that carries it, against the account's current
 * state (a demoted or deleted account is refused, whatever its token still says).
 */
export class AllowedUserTypes extends Context.Service<AllowedUserTypes, ReadonlyArray<UserType>>()('fasl/AllowedUserTypes') {}

/** The teacher roles an endpoint serves: a teacher must hold one of them (her CURRENT roles, empty = the defaults). */
export class RequiredRoles extends Context.Service<RequiredRoles, ReadonlyArray<TeacherRole>>()('fasl/RequiredRoles') {}

/**
 * `endpoint.annotateMerge(allow('Admin', 'SuperAdmin'))`: only these user types may call it.
 * The OpenAPI document shows the rule as `x-fasl-user-types` (see accessInOpenApi).
 */
export const allow = (...userTypes: ReadonlyArray<UserType>): Context.Context<AllowedUserTypes> => Context.make(AllowedUserTypes, userTypes)

/**
 * `group.annotateMerge(requireRole('Assignments'))`: a teacher whose roles hold none of these is
 * refused (403). Several roles = any one of them (a read that pages of several roles make).
 * The roles are the spec's teacher roles; a student's and an admin's calls go by user type only.
 * The OpenAPI document shows the rule as `x-fasl-roles`.
 */
export const requireRole = (role: TeacherRole, ...orOneOf: ReadonlyArray<TeacherRole>): Context.Context<RequiredRoles> =>
  Context.make(RequiredRoles, [role, ...orOneOf])

interface Annotated {
  readonly annotations: Context.Context<never>
}

export interface AccessRule {
  readonly userTypes?: ReadonlyArray<UserType>
  readonly roles?: ReadonlyArray<TeacherRole>
}

const declared = <I, S>(key: Context.Key<I, S>, endpoint: Annotated, group: Annotated): S | undefined =>
  Option.getOrUndefined(
    Option.orElse(Context.getOption(endpoint.annotations as Context.Context<I>, key), () => Context.getOption(group.annotations as Context.Context<I>, key)),
  )

/** The endpoint's rule: each part as the endpoint declares it, else as its group does. */
export const accessRuleOf = (endpoint: Annotated, group: Annotated): AccessRule => {
  const userTypes = declared(AllowedUserTypes, endpoint, group)
  const roles = declared(RequiredRoles, endpoint, group)
  return { ...(userTypes === undefined ? {} : { userTypes }), ...(roles === undefined ? {} : { roles }) }
}

/** Whether an account as it is now (its type and stored roles) may call under `rule`. */
export const mayCall = (rule: AccessRule, account: { readonly userType: UserType; readonly roles: ReadonlyArray<string> }): boolean => {
  if (rule.userTypes !== undefined && !rule.userTypes.includes(account.userType)) return false
  if (rule.roles !== undefined && account.userType === 'Teacher' && !holdsAnyRole(effectiveRoles(account.roles, account.userType), rule.roles)) return false
  return true
}

interface Reflected extends Annotated {
  readonly endpoints: Readonly<Record<string, Annotated & { readonly path: string; readonly method: string }>>
}

/**
 * For the API's annotations: writes every operation's rule into the OpenAPI document
 * (`x-fasl-user-types`, `x-fasl-roles`), the group's rule on each of its endpoints, from the same
 * `accessRuleOf` the server enforces.
 */
export const accessInOpenApi = (groups: ReadonlyArray<Reflected>): Context.Context<OpenApi.Transform> =>
  Context.make(OpenApi.Transform, (document: Record<string, unknown>) => {
    const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>> | undefined>
    for (const group of groups) {
      for (const endpoint of Object.values(group.endpoints)) {
        const operation = paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()]
        if (operation === undefined) continue
        const rule = accessRuleOf(endpoint, group)
        if (rule.userTypes !== undefined) operation['x-fasl-user-types'] = rule.userTypes
        if (rule.roles !== undefined) operation['x-fasl-roles'] = rule.roles
      }
    }
    return document
  })
