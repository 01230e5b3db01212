import { Context, Effect } from 'effect'
import type { ApiUnavailable } from '../../contracts/wire-failures.ts'
import type { MailDelivery } from '../mail/delivery.ts'
import { Db } from './db.ts'

export interface Mail {
  /** The school the mail belongs to: only its admins read it in the outbox. */
  readonly schoolId: number
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly link: string | null
  /** After this the mail is useless (its link is dead) and is no longer sent. */
  readonly expiresAt?: Date
}

export interface MailerService {
  /** Writes the mail to the outbox (in the caller's transaction); with SMTP it also goes out, after the answer. */
  readonly send: (mail: Mail) => Effect.Effect<void, ApiUnavailable, Db>
}

export class Mailer extends Context.Service<Mailer, MailerService>()('fasl/Mailer') {}

/**
 * Every mail is a row of the outbox first, so none is lost to a crash or a mail server that is
 * down. Without SMTP the row is only there to be read (next_attempt_at stays NULL, so mail
 * written before SMTP was configured is not sent later, out of date).
 */
export const outboxMailer = (delivery: MailDelivery | null): MailerService => ({
  send: (mail) =>
    Effect.gen(function* () {
      const db = yield* Db
      // A mail about another school's account (email-change.ts) is written to that school's outbox.
      const write = db.schoolId === null || db.schoolId === mail.schoolId ? db.query : db.queryAcrossSchools
      yield* write(
        `INSERT INTO outbox (school_id, channel, recipient, subject, body, link, expires_at, next_attempt_at)
           VALUES ($1, 'email', $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() END)`,
        [mail.schoolId, mail.recipient, mail.subject, mail.body, mail.link, mail.expiresAt ?? null, delivery !== null],
      )
      // Once the row is committed, and not awaited: a slow mail server never holds up the page;
      // the row records the outcome.
      if (delivery !== null) db.afterCommit(() => void delivery.deliverDue().catch((error: unknown) => console.error('mail: delivery failed:', String(error))))
    }),
})
