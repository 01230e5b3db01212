import { Effect, Schedule, type Scope } from 'effect'
import type { DbClient } from '../db/db.ts'
import { blankLink, removedLinkMarker } from './retention.ts'

export interface SmtpSettings {
  readonly url: string
  /** The From header, e.g. `Fasl <no-reply@school.example>`; read when the first mail goes out. */
  readonly from: () => string
}

/** When to try again after a temporary failure: the nth retry waits `retryDelaysSeconds[n-1]`. */
export interface DeliverySchedule {
  readonly retryDelaysSeconds: ReadonlyArray<number>
  /** How often each server process looks for mail that is due. */
  readonly sweepSeconds: number
}

/**
 * A mail server that is down for a while (a restart, a full queue) should not cost a teacher the
 * reset link: retries after 1, 5 and 15 minutes, then 1 and 4 hours — six attempts over five hours.
 * A reset link expires sooner, and its mail is then dropped rather than sent dead.
 */
export const defaultDeliverySchedule: DeliverySchedule = { retryDelaysSeconds: [60, 300, 900, 3600, 14_400], sweepSeconds: 30 }

/** How long a taken row stays out of other sweeps: more than nodemailer's own time limits. */
const leaseSeconds = 15 * 60

interface DueMail {
  readonly id: string
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly attempts: number
}

/** SMTP's 5xx replies are final (no such mailbox, refused); anything else may pass later. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500
}

export interface MailDelivery {
  /** Sends every mail that is due now; several processes may call it at once. */
  readonly deliverDue: () => Promise<void>
}

interface Transport {
  sendMail: (message: object) => Promise<unknown>
  close?: () => void
}

/**
 * Mail delivery is a system job: it sends every school's mail, so its statements read across schools.
 * It lives in the server's scope: its sweep runs on a Schedule forked into that scope, and the SMTP
 * transport is closed when the scope closes (the server's close()).
 */
export const smtpDelivery = (db: DbClient, smtp: SmtpSettings, schedule: DeliverySchedule): Effect.Effect<MailDelivery, never, Scope.Scope> =>
  Effect.gen(function* () {
    const delivery = yield* Effect.acquireRelease(
      Effect.sync(() => deliveryOver(db, smtp, schedule)),
      ({ closeTransport }) => Effect.promise(closeTransport),
    )
    const sweep = Effect.tryPromise(delivery.deliverDue).pipe(
      Effect.catch((error) => Effect.sync(() => console.error('mail: delivery sweep failed:', String(error.cause)))),
    )
    yield* Effect.forkScoped(Effect.schedule(sweep, Schedule.spaced(`${schedule.sweepSeconds} seconds`)))
    return { deliverDue: delivery.deliverDue }
  })

const deliveryOver = (db: DbClient, smtp: SmtpSettings, schedule: DeliverySchedule) => {
  let transport: Promise<Transport> | null = null
  const connection = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtp.url)))

  // Once sent, the link has done its work: it leaves the stored row (retention.ts).
  const recordSent = (mail: DueMail) =>
    db.query(`/* across schools: mail delivery */ UPDATE outbox SET sent_at = now(), error = NULL, next_attempt_at = NULL, ${blankLink('$2')} WHERE id = $1`, [
      mail.id,
      removedLinkMarker,
    ])

  /** Keeps the reason and, unless the refusal is final or the retries are spent, when to try again. */
  const recordFailure = (mail: DueMail, error: unknown) => {
    const delay = isPermanent(error) ? undefined : schedule.retryDelaysSeconds[mail.attempts - 1]
    console.error(
      `mail: outbox message ${mail.id} to ${mail.recipient}, attempt ${mail.attempts}${delay === undefined ? ', no more attempts' : ''}:`,
      String(error),
    )
    return db.query(
      `/* across schools: mail delivery */ UPDATE outbox SET error = $2, next_attempt_at = CASE WHEN $3::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $3::float8) END WHERE id = $1`,
      [mail.id, String(error), delay ?? null],
    )
  }

  const deliverDue = async () => {
    await db.query(
      `/* across schools: mail delivery */ UPDATE outbox SET next_attempt_at = NULL, error = coalesce(error || ' — ', '') || 'expired before it could be sent', ${blankLink('$1')}
        WHERE next_attempt_at <= now() AND expires_at <= now()`,
      [removedLinkMarker],
    )
    const due = await db.query<DueMail>(
      `/* across schools: mail delivery */ UPDATE outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1::int)
        WHERE id IN (SELECT id FROM outbox WHERE next_attempt_at <= now() AND (expires_at IS NULL OR expires_at > now())
                     ORDER BY next_attempt_at LIMIT 50 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, body, attempts`,
      [leaseSeconds],
    )
    // One after another: a school's mail server may refuse a burst of parallel connections.
    for (const mail of due) {
      const sending = connection().then((smtpConnection) =>
        smtpConnection.sendMail({ from: smtp.from(), to: mail.recipient, subject: mail.subject, text: mail.body }),
      )
      await sending.then(
        () => recordSent(mail),
        (error: unknown) => recordFailure(mail, error ?? 'unknown error'),
      )
    }
  }

  const closeTransport = async () => {
    if (transport !== null) (await transport.catch(() => null))?.close?.()
  }
  return { deliverDue, closeTransport }
}
