import type { Db } from '../db/db.ts'

export interface Mail {
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly link: string | null
}

export interface Mailer {
  /** Writes the mail to the outbox; with SMTP configured it is also sent, and the row marked. */
  readonly send: (mail: Mail) => Promise<void>
}

export interface SmtpSettings {
  readonly url: string
  /** The From header, e.g. `Fasl <no-reply@school.example>`; read when the first mail goes out. */
  readonly from: () => string
}

export const outboxMailer = (db: Db, smtp: SmtpSettings | null): Mailer => {
  let transport: Promise<{ sendMail: (message: object) => Promise<unknown> }> | null = null
  return {
    send: async (mail) => {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO outbox (channel, recipient, subject, body, link) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        ['email', mail.recipient, mail.subject, mail.body, mail.link],
      )
      if (smtp === null || row === undefined) return
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtp.url))
      // Delivery happens after the answer, so a slow mail server never holds up the page; the row
      // records the outcome (sent_at, or the error an admin reads in the outbox).
      void transport
        .then((connection) => connection.sendMail({ from: smtp.from(), to: mail.recipient, subject: mail.subject, text: mail.body }))
        .then(
          () => db.query('UPDATE outbox SET sent_at = now(), error = NULL WHERE id = $1', [row.id]),
          (error: unknown) => {
            console.error(`mail: could not send outbox message ${row.id} to ${mail.recipient}:`, String(error))
            return db.query('UPDATE outbox SET error = $2 WHERE id = $1', [row.id, String(error)])
          },
        )
        .catch((error: unknown) => console.error(`mail: could not record the outcome of outbox message ${row.id}:`, String(error)))
    },
  }
}
