import type { Db } from '../db/db.ts'
import type { MailDelivery } from './delivery.ts'

export interface Mail {
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly link: string | null
  /** After this the mail is useless (its link is dead) and is no longer sent. */
  readonly expiresAt?: Date
}

export interface Mailer {
  /** Writes the mail to the outbox; with SMTP configured it also goes out, after the answer. */
  readonly send: (mail: Mail) => Promise<void>
}

/**
 * Every mail is a row of the outbox first, so none is lost to a crash or a mail server that is
 * down. Without SMTP the row is only there to be read (next_attempt_at stays NULL, so mail
 * written before SMTP was configured is not sent later, out of date).
 */
export const outboxMailer = (db: Db, delivery: MailDelivery | null): Mailer => ({
  send: async (mail) => {
    await db.query(
      `INSERT INTO outbox (channel, recipient, subject, body, link, expires_at, next_attempt_at)
         VALUES ('email', $1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)`,
      [mail.recipient, mail.subject, mail.body, mail.link, mail.expiresAt ?? null, delivery !== null],
    )
    // Not awaited: a slow mail server never holds up the page; the row records the outcome.
    if (delivery !== null) void delivery.deliverDue().catch((error: unknown) => console.error('mail: delivery failed:', String(error)))
  },
})
