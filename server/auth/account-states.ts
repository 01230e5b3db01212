import { Context, Effect } from 'effect'
import type { UserType } from '../../contracts/entities.ts'
import type { ApiUnavailable } from '../../contracts/wire-failures.ts'
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

/**
 * An account read by active callers is read again in the background once it is this old, so their
 * calls never wait on the database (and fifty waiting calls never all ask it at once at the two
 * seconds). What a call is answered with is still never older than `accountStateTtlMs`.
 */
const refreshAfterMs = accountStateTtlMs * 0.75

interface Known {
  readonly state: AccountState | null
  readonly readAt: number
  refreshing: boolean
}

export const cachedAccountStates = (db: DbService, clock: ClockService): AccountStatesService => {
  // Per account, per session: forgetting an account drops its sessions with it.
  const cache = new Map<string, Map<string, Known>>()
  // Bumped by `forget`, so a read that was under way when the account changed is not kept.
  const generations = new Map<string, number>()
  const query = (userId: string, schoolId: number, sessionId: string) =>
    Effect.map(db.prepared<Row>(...bindSchool(statement, [userId, sessionId], schoolId)), ([row]): AccountState | null =>
      row === undefined
        ? null
        : {
            userType: row.user_type,
            roles: row.roles,
            schoolId: Number(row.school_id),
            mustChangePassword: row.must_change_password,
            sessionOpen: row.session_open,
          },
    )
  /** Reads the account and keeps what it read, as of when the read started, unless it was forgotten meanwhile. */
  const readAndKeep = (userId: string, schoolId: number, sessionId: string) =>
    Effect.suspend(() => {
      const startedAt = clock.now()
      const generation = generations.get(userId) ?? 0
      return Effect.tap(query(userId, schoolId, sessionId), (state) =>
        Effect.sync(() => {
          if ((generations.get(userId) ?? 0) !== generation) return
          if (!cache.has(userId) && cache.size >= 10_000) cache.delete(cache.keys().next().value!)
          const sessions = cache.get(userId) ?? new Map<string, Known>()
          if (sessions.size >= 100) sessions.delete(sessions.keys().next().value!)
          sessions.set(sessionId, { state, readAt: startedAt, refreshing: false })
          cache.set(userId, sessions)
        }),
      )
    })
  const peek = (userId: string, schoolId: number, sessionId: string) => {
    // Tokens are signed by this server, so a malformed session id is a forged or foreign token.
    if (!isUuid(sessionId)) return null
    const known = cache.get(userId)?.get(sessionId)
    if (known === undefined || (known.state !== null && known.state.schoolId !== schoolId)) return undefined
    const age = clock.now() - known.readAt
    if (age >= accountStateTtlMs) return undefined
    if (age >= refreshAfterMs && !known.refreshing) {
      known.refreshing = true
      Effect.runFork(
        readAndKeep(userId, schoolId, sessionId).pipe(
          // A failed refresh leaves the entry to run out; the next call then reads in the foreground.
          Effect.catchCause(() => Effect.void),
        ),
      )
    }
    return known.state
  }
  return {
    peek,
    read: (userId, schoolId, sessionId) =>
      Effect.suspend(() => {
        const known = peek(userId, schoolId, sessionId)
        return known !== undefined ? Effect.succeed(known) : readAndKeep(userId, schoolId, sessionId)
      }),
    forget: (userId) => {
      cache.delete(userId)
      generations.set(userId, (generations.get(userId) ?? 0) + 1)
    },
  }
}
