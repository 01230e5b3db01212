import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { OutboxMessage } from '../../contracts/entities.ts'
import type { StartedServer } from '../../server/app.ts'
import { removedLinkMarker } from '../../server/mail/retention.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, forgotPasswordMailWritten, signedIn } from './support/http.ts'

interface Received {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly raw: string
}

/**
 * A real SMTP server on a free port. It refuses mail for `bounce@…` for good, as a full mailbox
 * would; asks to try again later, once, for `busy@…`; and always asks to try later for `down@…`.
 */
const startMailServer = async () => {
  const received: Received[] = []
  /** Every RCPT TO the server was offered, accepted or not: how often delivery was tried. */
  const recipientsOffered: string[] = []
  const waiting: Array<{ address: string; resolve: (message: Received) => void }> = []
  const busySeen = new Set<string>()
  const later = () => Object.assign(new Error('Try again later'), { responseCode: 451 })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientsOffered.push(address.address)
      if (address.address.startsWith('bounce@')) return callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }))
      if (address.address.startsWith('down@')) return callback(later())
      if (address.address.startsWith('busy@') && !busySeen.has(address.address)) {
        busySeen.add(address.address)
        return callback(later())
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(message)
        for (const waiter of waiting.filter((entry) => message.to.includes(entry.address))) {
          waiting.splice(waiting.indexOf(waiter), 1)
          waiter.resolve(message)
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    recipientsOffered,
    /** The next message that arrives for `address`. */
    nextFor: (address: string) => new Promise<Received>((resolve) => waiting.push({ address, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Undoes quoted-printable soft line breaks and escapes, so a long link reads whole again. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out waiting for the mail to be sent')
}

describe.each(testDatabases)('reset mail through SMTP on $name', (database) => {
  let mail: Awaited<ReturnType<typeof startMailServer>>
  let server: StartedServer
  let adminToken: string
  beforeAll(async () => {
    mail = await startMailServer()
    server = await database.start({
      smtpUrl: `smtp://127.0.0.1:${mail.port}`,
      mailFrom: 'Fasl Test School <no-reply@fasl.test>',
      // Minutes and hours in production; fractions of a second here.
      mailDelivery: { retryDelaysSeconds: [0.2, 0.2], sweepSeconds: 0.1 },
      // The supervisor's reset mail marks that a delivery sweep ran (see sweptAfter).
      limits: { resetPerAccount: 1000 },
    } as never)
    adminToken = (await signedIn(server.url, accounts.admin)).accessToken
  })
  afterAll(async () => {
    await server.close()
    await mail.close()
  })

  /**
   * Asks for the supervisor's reset link and waits until the mail server has it: the answer starts
   * a delivery sweep that takes every mail then due, so whatever a sweep would do to mail already
   * in the outbox has been done by the time this resolves. A signal, not a sleep.
   */
  const sweptAfter = async () => {
    const arrived = mail.nextFor(accounts.supervisor.email)
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: accounts.supervisor.email, ...webClient })
    await arrived
  }
  const offeredTo = (address: string) => mail.recipientsOffered.filter((offered) => offered === address).length

  const outboxFor = async (email: string) =>
    (await call<OutboxMessage[]>(server.url, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body
      .responseData

  it('sends the reset link from the school address, marks the outbox row sent and takes the link out of it', async () => {
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: accounts.supervisor.email, ...webClient })
    const [row] = await eventually(
      () => outboxFor(accounts.supervisor.email),
      (rows) => rows.length > 0 && rows[0]!.sentAt !== null,
    )
    const message = mail.received.find((received) => received.to.includes(accounts.supervisor.email))
    expect(message?.from).toBe('no-reply@fasl.test')
    const raw = decodeQuotedPrintable(message!.raw)
    expect(raw).toContain('From: Fasl Test School <no-reply@fasl.test>')
    expect(raw).toContain(`Subject: ${row!.subject}`)
    // The mail carried the link; the stored row no longer does, body included (mail/retention.ts).
    expect(raw).toMatch(/http:\/\/fasl\.test\/resetPassword\?token=[\w-]+/)
    expect(row!.link).toBeNull()
    expect(row!.body).not.toContain('token=')
    expect(row!.body).toContain(removedLinkMarker)
    expect(row!.error).toBeNull()
    expect(row!.attempts).toBe(1)
    expect(row!.nextAttemptAt).toBeNull()
  })

  it('keeps a refused mail in the outbox with the reason, and answers the teacher as always', async () => {
    // A real account whose mailbox the mail server refuses.
    await server.db.query(`UPDATE users SET email = 'bounce@fasl.school' WHERE lower(email) = lower($1)`, [accounts.teacher2.email])
    const refused = await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'bounce@fasl.school', ...webClient })
    const unknown = await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'ghost@fasl.school', ...webClient })
    expect(refused.body).toEqual(unknown.body)
    const [row] = await eventually(
      () => outboxFor('bounce@fasl.school'),
      (rows) => rows.length > 0 && rows[0]!.error !== null,
    )
    expect(row!.sentAt).toBeNull()
    expect(row!.error).toMatch(/Mailbox full/)
    expect(mail.received.some((received) => received.to.includes('bounce@fasl.school'))).toBe(false)
    // A final refusal is not tried again.
    expect(row!.nextAttemptAt).toBeNull()
    await sweptAfter()
    expect((await outboxFor('bounce@fasl.school'))[0]!.attempts).toBe(1)
    expect(offeredTo('bounce@fasl.school')).toBe(1)
  })

  it('tries again after "try later" and sends the mail once', async () => {
    await server.db.query(`UPDATE users SET email = 'busy@fasl.school' WHERE lower(email) = lower($1)`, [accounts.teacher.email])
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'busy@fasl.school', ...webClient })
    const [row] = await eventually(
      () => outboxFor('busy@fasl.school'),
      (rows) => rows.length > 0 && rows[0]!.sentAt !== null,
    )
    expect(row).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null })
    await sweptAfter()
    expect(mail.received.filter((received) => received.to.includes('busy@fasl.school'))).toHaveLength(1)
    expect(offeredTo('busy@fasl.school')).toBe(2)
  })

  it('gives up after the last retry and keeps the reason', async () => {
    await server.db.query(`UPDATE users SET email = 'down@fasl.school' WHERE lower(email) = lower($1)`, [accounts.admin.email])
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'down@fasl.school', ...webClient })
    const [row] = await eventually(
      () => outboxFor('down@fasl.school'),
      (rows) => rows.length > 0 && rows[0]!.attempts === 3 && rows[0]!.nextAttemptAt === null,
    )
    expect(row!.sentAt).toBeNull()
    expect(row!.error).toMatch(/Try again later/)
  })

  it('drops a reset mail whose link expired before the mail server took it', async () => {
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'down@fasl.school', ...webClient })
    await forgotPasswordMailWritten()
    // As if the 30 minutes of the link had passed while the mail server was away.
    await server.db.query(`UPDATE outbox SET expires_at = now() WHERE recipient = 'down@fasl.school' AND sent_at IS NULL AND next_attempt_at IS NOT NULL`)
    const [row] = await eventually(
      () => outboxFor('down@fasl.school'),
      (rows) => rows.length === 2 && rows[0]!.nextAttemptAt === null,
    )
    expect(row!.error).toMatch(/expired before it could be sent/)
    expect(row!.link).toBeNull()
    expect(row!.body).not.toContain('token=')
    expect(row!.attempts).toBeLessThan(3)
    expect(row!.sentAt).toBeNull()
  })
})
