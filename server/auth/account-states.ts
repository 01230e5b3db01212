import { Context, Effect } from 'effect'
import type { UserType } from '../../contracts/entities.ts'
import type { ApiUnavailable } from '../../contracts/envelope.ts'
import type { ClockService } from '../services/clock.ts'
import type { DbService } from '../services/db.ts'
import { bindSchool } from '../services/tenancy.ts'

/** What authorization reads of an account on every call: as it is now, not as its token says. */
export interface AccountState {
  readonly userType: UserType
  readonly roles: ReadonlyArray<string>
  readonly schoolId: number
  readonly mustChangePassword: boolean
  /** The token's sign-in (its refresh-token family) is neither revoked nor past its absolute end. */
  readonly sessionOpen: boolean
}

export interface AccountStatesService {
  /** The account now, with the state of the token's session; null when it no longer exists (in the token's school). */
  readonly read: (userId: string, schoolId: number, sessionId: string) => Effect.Effect<AccountState | null, ApiUnavailable>
  /** What `read` would answer from its cache without a query; undefined when it would have to ask the database. */
  readonly peek: (userId: string, schoolId: number, sessionId: string) => AccountState | null | undefined
  /**
   * Forgets what is cached of the account and all its sessions: this process just changed it or
   * revoked one of its sessions (sign-out, refresh reuse, password change or reset).
   */
  readonly forget: (userId: string) => void
}

export class AccountStates extends Context.Service<AccountStates, AccountStatesService>()('fasl/AccountStates') {}

/**
 * How long a read of an account (and of a session) is trusted. Another process's change (or an
 * edit straight in the database) is seen within this time; this process's own changes at once
 * (`forget`). It keeps an authenticated read at one indexed lookup per account and session every
 * two seconds, not one per call. A revoked session's access tokens therefore stop working at once
 * on the process that revoked it and within two seconds on the others.
 */
export const accountStateTtlMs = 2000

const statement = `SELECT u.user_type, u.roles, u.school_id, u.must_change_password,
    EXISTS (SELECT 1 FROM session_families f WHERE f.id = $2::uuid AND f.user_id = u.id AND f.revoked_at IS NULL AND f.absolute_expires_at > now()) AS session_open
  FROM users u WHERE u.id = $1 AND u.school_id = $school`

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

interface Row {
  user_type: UserType
  roles: ReadonlyArray<string>
  school_id: number
  must_change_password: boolean
  session_open: boolean
}

export const cachedAccountStates = (db: DbService, clock: ClockService): AccountStatesService => {
  // Per account, per session: forgetting an account drops its sessions with it.
  const cache = new Map<string, Map<string, { state: AccountState | null; readAt: number }>>()
  const read = (userId: string, schoolId: number, sessionId: string) =>
    Effect.map(
      db.prepared<Row>(...bindSchool(statement, [userId, sessionId], schoolId)),
      ([row]): AccountState | null =>
        row === undefined
          ? null
          : { userType: row.user_type, roles: row.roles, schoolId: Number(row.school_id), mustChangePassword: row.must_change_password, sessionOpen: row.session_open },
    )
  const peek = (userId: string, schoolId: number, sessionId: string, now: number) => {
    // Tokens are signed by this server, so a malformed session id is a forged or foreign token.
    if (!isUuid(sessionId)) return null
    const known = cache.get(userId)?.get(sessionId)
    return known !== undefined && now - known.readAt < accountStateTtlMs && (known.state === null || known.state.schoolId === schoolId) ? known.state : undefined
  }
  return {
    peek: (userId, schoolId, sessionId) => peek(userId, schoolId, sessionId, clock.now()),
    read: (userId, schoolId, sessionId) =>
      Effect.suspend(() => {
        const now = clock.now()
        const known = peek(userId, schoolId, sessionId, now)
        if (known !== undefined) return Effect.succeed(known)
        return Effect.tap(read(userId, schoolId, sessionId), (state) =>
          Effect.sync(() => {
            if (!cache.has(userId) && cache.size >= 10_000) cache.delete(cache.keys().next().value!)
            const sessions = cache.get(userId) ?? new Map<string, { state: AccountState | null; readAt: number }>()
            if (sessions.size >= 100) sessions.delete(sessions.keys().next().value!)
            sessions.set(sessionId, { state, readAt: now })
            cache.set(userId, sessions)
          }),
        )
      }),
    forget: (userId) => void cache.delete(userId),
  }
}
