import { Context } from 'effect'
import { OpenApi } from 'effect/http-api'
import type { UserType } from '../entities.ts'

/**
 * Who may call an endpoint, declared on the endpoint (or its group) and enforced by the server's
 * Authentication middleware for every endpoint that carries it, against the account's current
 * state (a demoted or deleted account is refused, whatever its token still says).
 */
export class AllowedUserTypes extends Context.Service<AllowedUserTypes, ReadonlyArray<UserType>>()('fasl/AllowedUserTypes') {}

/**
 * `endpoint.annotateMerge(allow('Admin', 'SuperAdmin'))`: only these user types may call it.
 * The OpenAPI document shows the rule as `x-fasl-user-types`.
 */
export const allow = (...userTypes: ReadonlyArray<UserType>): Context.Context<AllowedUserTypes | OpenApi.Override> =>
  Context.make(AllowedUserTypes, userTypes).pipe(Context.add(OpenApi.Override, { 'x-fasl-user-types': userTypes }))
