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

export const outboxMailer = (db: Db, smtpUrl: string | null): Mailer => {
  let transport: Promise<{ sendMail: (message: object) => Promise<unknown> }> | null = null
  return {
    send: async (mail) => {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO outbox (channel, recipient, subject, body, link) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        ['email', mail.recipient, mail.subject, mail.body, mail.link],
      )
      if (smtpUrl === null || row === undefined) return
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl))
      // Delivery happens after the answer; a failure is kept on the outbox row for the admin to see.
      void transport
        .then((smtp) => smtp.sendMail({ to: mail.recipient, subject: mail.subject, text: mail.body }))
        .then(
          () => db.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [row.id]),
          (error: unknown) => db.query('UPDATE outbox SET error = $2 WHERE id = $1', [row.id, String(error)]),
        )
    },
  }
}
