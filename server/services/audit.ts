import { Cause, Context, Effect } from 'effect'
import type { HttpServerRequest } from 'effect/http'
import type { AuditDetail, AuditKind } from '../../contracts/audit.ts'
import { CurrentCaller } from '../../contracts/api.ts'
import { requestAddress } from '../http/request.ts'
import { Db } from './db.ts'
import { inSchool } from './tenancy.ts'

/** One entry of a school's audit log (contracts/audit.ts says what each kind means). */
export interface AuditEvent {
  readonly kind: AuditKind
  /** The account the entry is about, if any. */
  readonly subjectId: string | null
  /** Typed so that no secret has a field to go in (contracts/audit.ts). */
  readonly detail?: AuditDetail
}

/** An event of a known account while nobody is signed in (a sign-in, a refresh, a reset link). */
export interface AccountEvent extends AuditEvent {
  readonly schoolId: number
}

/**
 * The audit log (ASVS 5, 16.2–16.3). None of these fails the request: a write that fails is
 * logged to the console and the teacher's call goes on.
 */
export interface AuditService {
  /**
   * The signed-in caller's act or change, in her school, with her as the actor. Written on the
   * request's database: inside its transaction when it has one, so it is committed with the
   * change or not at all (in a savepoint, so a failed write is dropped without undoing the change).
   */
  readonly byCaller: (event: AuditEvent) => Effect.Effect<void, never, Db | CurrentCaller | HttpServerRequest.HttpServerRequest>
  /** The same for an event of a known account made signed out (no actor). */
  readonly ofAccount: (event: AccountEvent) => Effect.Effect<void, never, Db | HttpServerRequest.HttpServerRequest>
  /**
   * Refused attempts (a wrong password, a lockout): written outside the request's transaction,
   * which a refusal rolls back, and not awaited, so the answer neither waits for the write nor
   * tells by its timing that the email is an account's. `actorId`: the signed-in caller, if any.
   */
  readonly refused: (events: ReadonlyArray<AccountEvent>, actorId?: string | null) => Effect.Effect<void, never, Db | HttpServerRequest.HttpServerRequest>
}

/** How long after its answer a refused attempt is written (see `refused`). */
export const refusedWriteDelayMs = 100

export class Audit extends Context.Service<Audit, AuditService>()('fasl/Audit') {}

/** `school` is the school's placeholder: `$school` for inSchool, `$6` when bound by hand. */
const insertEntry = (school: string) =>
  `INSERT INTO audit_log (school_id, kind, actor_id, subject_id, address, detail) VALUES (${school}, $1, $2, $3, $4, $5::text::jsonb)`

const paramsOf = (event: AuditEvent, actorId: string | null, address: string) => [
  event.kind,
  actorId,
  event.subjectId,
  address,
  JSON.stringify(event.detail ?? {}),
]

const reportFailure = (kind: string, cause: unknown) =>
  console.error(`audit: a ${kind} entry was not written:`, cause instanceof Error ? cause.message : Cause.isCause(cause) ? Cause.pretty(cause) : String(cause))

const logFailure = (kind: string) => (cause: unknown) => Effect.sync(() => reportFailure(kind, cause))

/**
 * In a transaction a failed statement aborts it, so the write gets a savepoint of its own: on
 * failure only the savepoint is rolled back and the change it records still commits.
 */
const guarded = <R>(kind: AuditKind, write: Effect.Effect<unknown, unknown, R>): Effect.Effect<void, never, Exclude<R, Db> | Db> =>
  Effect.gen(function* () {
    const db = yield* Db
    yield* db.savepoint(write)
  }).pipe(Effect.catchCause(logFailure(kind)))

export const databaseAudit: AuditService = {
  byCaller: (event) =>
    guarded(
      event.kind,
      Effect.gen(function* () {
        const { userId } = yield* CurrentCaller
        yield* inSchool(insertEntry('$school'), paramsOf(event, userId, yield* requestAddress))
      }),
    ),
  ofAccount: (event) =>
    guarded(
      event.kind,
      Effect.gen(function* () {
        const db = yield* Db
        yield* db.query(insertEntry('$6'), [...paramsOf(event, null, yield* requestAddress), event.schoolId])
      }),
    ),
  refused: (events, actorId = null) =>
    Effect.gen(function* () {
      if (events.length === 0) return
      const { client } = yield* Db
      const address = yield* requestAddress
      // A moment after the answer has been written (the embedded database runs in this process, so
      // even a short write would otherwise come before it), in order (a lockout after the failure
      // that caused it), on the client itself: outside any transaction.
      setTimeout(
        () =>
          void events.reduce<Promise<unknown>>(
            (previous, event) =>
              previous.then(() =>
                client
                  .query(insertEntry('$6'), [...paramsOf(event, actorId, address), event.schoolId])
                  .catch((error: unknown) => reportFailure(event.kind, error)),
              ),
            Promise.resolve(),
          ),
        refusedWriteDelayMs,
      )
    }),
}
