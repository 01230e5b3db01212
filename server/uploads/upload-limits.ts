import { Effect, Exit, type Stream } from 'effect'
import { HttpServerRequest } from 'effect/http'
import { CurrentCaller } from '../../contracts/api.ts'
import { largestBytesOf, type UploadPurpose } from '../../contracts/attachments.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import { uploadLimits } from '../../contracts/settings.ts'
import { Refused } from '../../contracts/failures.ts'
import { Clock } from '../services/clock.ts'
import { Db } from '../services/db.ts'
import { inSchool } from '../services/tenancy.ts'
import { receiveUpload, type StoredUpload } from './streamed-upload.ts'
import { UploadPurposes, type ServerUploadPurpose } from './upload-purposes.ts'

/*
 * What one account may store (migration 0013). Before the first byte of an upload is read, one
 * short transaction locks the account's row of the day in upload_usage (so one account's parallel
 * uploads take turns here, and only here), counts the files of the same scope nothing names yet
 * plus the uploads of that scope under way, checks the day's bytes, and records a reservation.
 * The reservation is settled to the file's real size once its row is stored, or given back when
 * the upload is refused or cut short. How many may wait is the upload purpose's (its `pending`,
 * counted as its feature registered: upload-purposes.ts); the bytes, 1 GB per account per UTC day
 * by default (contracts/settings.ts uploadLimits; a school's own in schools.upload_bytes_per_account_per_day).
 */

/** What one upload is: its purpose (registered by a feature), the key its pending count is kept per, and where it goes. */
export interface LimitedUpload {
  readonly purpose: UploadPurpose
  /** The parts named by `purpose.pending.keyedBy`, in order (e.g. the homework, the student and the question). */
  readonly key: ReadonlyArray<string | number>
  /** Where the file goes: `<folder>/<random>.<type>` (e.g. `courses/<school>`). */
  readonly folder: string
}

/** The purpose as its feature registered it; an upload for a purpose no feature registered is a defect of the code. */
const registered = (purpose: UploadPurpose) =>
  Effect.gen(function* () {
    const found = (yield* UploadPurposes).get(purpose.id)
    return found ?? (yield* Effect.die(new Error(`upload purpose ${purpose.id} is registered by no feature`)))
  })

const sql = {
  // Takes (or makes) the account's row of the day and locks it until the transaction ends.
  lockDay: `INSERT INTO upload_usage AS u (school_id, account_id, day, bytes) VALUES ($school, $1, $2::date, 0)
    ON CONFLICT (account_id, day) DO UPDATE SET bytes = u.bytes
    RETURNING u.bytes::float8 AS used,
      (SELECT COALESCE(s.upload_bytes_per_account_per_day, $3::bigint)::float8 FROM schools s WHERE s.id = $school) AS allowed`,
  pending: (stored: string) =>
    `SELECT ((${stored}) + (SELECT count(*) FROM upload_reservations r WHERE r.account_id = $1 AND r.scope = $2 AND r.school_id = $school))::int AS pending`,
  reserve: `INSERT INTO upload_reservations (school_id, account_id, scope, day, bytes) VALUES ($school, $1, $2, $3::date, $4) RETURNING id`,
  addBytes: `UPDATE upload_usage SET bytes = bytes + $3 WHERE account_id = $1 AND day = $2::date AND school_id = $school`,
  // The reservation gone, its day's count holds the real size instead (0 for a refused upload).
  settle: `WITH gone AS (DELETE FROM upload_reservations WHERE id = $1 AND school_id = $school RETURNING account_id, day, bytes)
    UPDATE upload_usage u SET bytes = GREATEST(0, u.bytes - gone.bytes + $2) FROM gone
     WHERE u.account_id = gone.account_id AND u.day = gone.day AND u.school_id = $school`,
}

interface Reservation {
  readonly id: number
}

/**
 * The bytes an upload reserves: its declared Content-Length (every browser sends one for a file),
 * at most the largest file of its purpose; a body of unknown length reserves that largest size.
 */
const bytesToReserve = (purpose: UploadPurpose) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const largest = largestBytesOf(purpose) - 1
    const declared = Number(request.headers['content-length'])
    return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, largest) : largest
  })

/** The day an upload counts for: UTC, so every server of a school agrees. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A place for one upload of the purpose's key, or its refusal (the purpose's code at its pending limit, 157 past the day's bytes). */
const reserve = (pending: ServerUploadPurpose, key: LimitedUpload['key'], bytes: number) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    const db = yield* Db
    const day = utcDay((yield* Clock).now())
    const outcome = yield* db.transaction(
      Effect.gen(function* () {
        const [usage] = yield* inSchool<{ used: number; allowed: number }>(sql.lockDay, [caller.userId, day, uploadLimits.bytesPerAccountPerDay])
        const scope = [pending.purpose.id, ...key].join(':')
        const [counted] = yield* inSchool<{ pending: number }>(sql.pending(pending.pendingSql), [caller.userId, scope, ...key])
        if (counted!.pending >= pending.purpose.pending.max) return pending.pendingRefusal
        if (usage!.used + bytes > usage!.allowed) return ResponseCode.uploadQuotaReached
        const [reserved] = yield* inSchool<Reservation>(sql.reserve, [caller.userId, scope, day, bytes])
        yield* inSchool(sql.addBytes, [caller.userId, day, bytes])
        return reserved!
      }),
    )
    if (typeof outcome === 'number') return yield* Effect.fail(new Refused({ code: outcome }))
    return outcome
  })

/** A refused or failed upload gives its place and bytes back. Best effort: one left behind (the database gone meanwhile) counts until pruned a day later. */
const release = (reservation: Reservation) =>
  inSchool(sql.settle, [reservation.id, 0]).pipe(
    Effect.asVoid,
    Effect.catch((error) => Effect.sync(() => console.error('releasing an upload reservation failed:', String(error)))),
  )

/**
 * `receiveUpload` within the account's limits: refused before a byte is read at the purpose's
 * pending limit for the upload's key or past the day's bytes (HTTP 400 with the catalogue message), else streamed and
 * `record`ed (the handler stores the file's row) in one transaction with the reservation's
 * settling, so the file is never counted twice (as its row and as an upload under way) nor missed.
 */
export const receiveLimitedUpload = <A, E, R>(
  payload: Stream.Stream<Uint8Array, unknown>,
  upload: LimitedUpload,
  record: (stored: StoredUpload) => Effect.Effect<A, E, R>,
) =>
  Effect.gen(function* () {
    const purpose = yield* registered(upload.purpose)
    const reservation = yield* reserve(purpose, upload.key, yield* bytesToReserve(purpose.purpose))
    const db = yield* Db
    return yield* receiveUpload(payload, { folder: upload.folder, rules: purpose.purpose }).pipe(
      Effect.flatMap((stored) => db.transaction(Effect.tap(record(stored), () => inSchool(sql.settle, [reservation.id, stored.size])))),
      Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : release(reservation))),
    )
  })
