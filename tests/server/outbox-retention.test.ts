import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMessage } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { removedLinkMarker } from '../../server/mail/retention.ts'
import type { ClockService } from '../../server/services/clock.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { secondSchool, seedSecondSchool, type SecondSchool } from './support/second-school.ts'
import { waitUntil } from './support/wait.ts'

const minute = 60 * 1000
const day = 24 * 60 * minute

/** A clock the test moves on by hand: the outbox's retention reads it. */
const movableClock = () => {
  let offset = 0
  const clock: ClockService = { now: () => Date.now() + offset }
  return { clock, advance: (ms: number) => void (offset += ms) }
}

/** A mail row written as the outbox would hold it; `sentDaysAgo` undefined = never sent. */
const insertMail = async (server: StartedServer, schoolId: number, subject: string, sentDaysAgo?: number): Promise<number> => {
  const link = `http://fasl.test/resetPassword?token=${subject.replace(/\W/g, '')}`
  const [row] = await server.db.query<{ id: string }>(
    `INSERT INTO outbox (school_id, recipient, subject, body, link, created_at, sent_at, expires_at)
       VALUES ($1, 'someone@fasl.school', $2, $3, $4, now() - make_interval(days => $5::int), CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(days => $6::int) END, now() + interval '30 minutes')
       RETURNING id`,
    [schoolId, subject, `Open ${link} soon.`, link, (sentDaysAgo ?? 0) + 1, sentDaysAgo ?? null],
  )
  return Number(row!.id)
}

describe.each(testDatabases)('outbox retention on $name', (database) => {
  let server: StartedServer
  let second: SecondSchool
  let demoSchoolId: number
  const time = movableClock()
  const tokens = { admin: '', secondAdmin: '' }
  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    second = await seedSecondSchool(server.db)
    demoSchoolId = (await server.db.query<{ school_id: number }>(`SELECT school_id FROM users WHERE email = $1`, [accounts.admin.email]))[0]!.school_id
    tokens.admin = (await signedIn(server.url, accounts.admin)).accessToken
    tokens.secondAdmin = (await signedIn(server.url, secondSchool.admin)).accessToken
  })
  afterAll(() => server.close())

  const outbox = async (token: string, recipient?: string) =>
    (
      await call<OutboxMessage[]>(
        server.url,
        'GET',
        `/api/Admin/Outbox${recipient === undefined ? '' : `?recipient=${encodeURIComponent(recipient)}`}`,
        undefined,
        { token },
      )
    ).body.responseData
  const idsIn = async (ids: ReadonlyArray<number>) =>
    (await server.db.query<{ id: string }>('SELECT id FROM outbox WHERE id = ANY($1::bigint[])', [ids])).map((row) => Number(row.id)).sort((a, b) => a - b)

  it('an unsent reset mail keeps its link until the link expires, then loses it, body included', async () => {
    await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: accounts.teacher2.email, ...webClient })
    const mail = await waitUntil(async () => (await outbox(tokens.admin, accounts.teacher2.email))[0], 5000, 'the reset mail')
    expect(mail.link).toMatch(/resetPassword\?token=/)
    await server.prune()
    expect((await outbox(tokens.admin, accounts.teacher2.email))[0]).toMatchObject({ id: mail.id, link: mail.link, body: mail.body })
    time.advance(31 * minute)
    await server.prune()
    const [expired] = await outbox(tokens.admin, accounts.teacher2.email)
    expect(expired).toMatchObject({ id: mail.id, link: null, sentAt: null, subject: mail.subject })
    expect(expired!.body).not.toContain('token=')
    expect(expired!.body).toContain(removedLinkMarker)
  })

  it("sent mail older than its school's retention is pruned and newer kept; another school's setting is respected", async () => {
    await server.db.query('UPDATE schools SET sent_mail_retention_days = 90 WHERE id = $1', [second.schoolId])
    const demoOld = await insertMail(server, demoSchoolId, 'demo sent 40 days ago', 40)
    const demoRecent = await insertMail(server, demoSchoolId, 'demo sent 25 days ago', 25)
    const demoUnsent = await insertMail(server, demoSchoolId, 'demo never sent, 100 days old')
    const secondKept = await insertMail(server, second.schoolId, 'second sent 40 days ago', 40)
    const secondOld = await insertMail(server, second.schoolId, 'second sent 100 days ago', 100)
    await server.prune()
    // The clock has moved 31 minutes (above): a day's margin either way keeps the boundaries clear.
    expect(await idsIn([demoOld, demoRecent, demoUnsent, secondKept, secondOld])).toEqual([demoRecent, demoUnsent, secondKept])
    // Kept sent mail no longer holds its link; the admin's outbox still lists it.
    const secondsOutbox = await outbox(tokens.secondAdmin)
    expect(secondsOutbox.find((row) => row.id === secondKept)).toMatchObject({ link: null, body: `Open ${removedLinkMarker} soon.` })
    expect(secondsOutbox.some((row) => row.id === secondOld)).toBe(false)
    // Time passes (the server's Clock): the recent one reaches the demo school's 30 days.
    time.advance(6 * day)
    await server.prune()
    expect(await idsIn([demoRecent, demoUnsent, secondKept])).toEqual([demoUnsent, secondKept])
  })
})

describe.each(testDatabases)("a school's admin sets its sent-mail retention on $name", (database) => {
  let server: StartedServer
  let second: SecondSchool
  const tokens = { admin: '', secondAdmin: '', teacher: '' }
  beforeAll(async () => {
    server = await database.start()
    second = await seedSecondSchool(server.db)
    tokens.admin = (await signedIn(server.url, accounts.admin)).accessToken
    tokens.secondAdmin = (await signedIn(server.url, secondSchool.admin)).accessToken
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  type Retention = { sentMailRetentionDays: number }
  const read = (token: string) => call<Retention>(server.url, 'GET', '/api/Admin/MailRetention', undefined, { token })
  const set = (token: string, body: unknown, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<Retention>(server.url, 'POST', '/api/Admin/SetMailRetention', body, { token, language })
  const stored = async (schoolId: number) =>
    (await server.db.query<{ days: number }>('SELECT sent_mail_retention_days AS days FROM schools WHERE id = $1', [schoolId]))[0]!.days

  it('reads 30 days by default, sets 7 for her school only, and the change is on record', async () => {
    expect((await read(tokens.admin)).body.responseData).toEqual({ sentMailRetentionDays: 30 })
    expect((await set(tokens.admin, { sentMailRetentionDays: 7 })).body.responseData).toEqual({ sentMailRetentionDays: 7 })
    expect((await read(tokens.admin)).body.responseData).toEqual({ sentMailRetentionDays: 7 })
    expect(await stored(second.schoolId)).toBe(30)
    expect((await read(tokens.secondAdmin)).body.responseData).toEqual({ sentMailRetentionDays: 30 })
    const log = await call<Array<{ kind: string; detail: Record<string, unknown> }>>(
      server.url,
      'GET',
      '/api/Admin/AuditLog?kind=mail-retention-changed',
      undefined,
      { token: tokens.admin },
    )
    expect(log.body.responseData[0]).toMatchObject({ kind: 'mail-retention-changed', detail: { retentionDaysFrom: 30, retentionDaysTo: 7 } })
    const secondLog = await call<unknown[]>(server.url, 'GET', '/api/Admin/AuditLog?kind=mail-retention-changed', undefined, { token: tokens.secondAdmin })
    expect(secondLog.body.responseData).toEqual([])
  })

  it('a teacher is refused, and bad values answer 105 in the caller language and change nothing', async () => {
    const demoSchoolId = (await server.db.query<{ school_id: number }>('SELECT school_id FROM users WHERE email = $1', [accounts.admin.email]))[0]!.school_id
    const before = await stored(demoSchoolId)
    expect((await read(tokens.teacher)).status).toBe(403)
    expect((await set(tokens.teacher, { sentMailRetentionDays: 1 })).status).toBe(403)
    for (const bad of [0, -1, 3651, 1.5, '7', null, 1e308]) {
      const answer = await set(tokens.admin, { sentMailRetentionDays: bad }, 'ar-EG')
      expect(answer.body.responseCode, String(bad)).toBe(105)
      expect(answer.body.validationList.map((issue) => issue.field)).toContain('sentMailRetentionDays')
    }
    expect((await set(tokens.admin, {})).body.responseCode).toBe(105)
    expect(await stored(demoSchoolId)).toBe(before)
  })
})

describe.each(testDatabases)('the housekeeping schedule on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start({ pruneIntervalSeconds: 1 })
  })
  afterAll(() => server.close())

  it('runs on its own every FASL_PRUNE_INTERVAL_SECONDS: old sent mail goes without being asked', async () => {
    const [school] = await server.db.query<{ id: number }>('SELECT min(id) AS id FROM schools')
    const old = await insertMail(server, school!.id, 'sent 40 days ago', 40)
    await waitUntil(
      async () => ((await server.db.query('SELECT 1 FROM outbox WHERE id = $1', [old])).length === 0 ? true : undefined),
      5000,
      'the scheduled prune',
    )
  })
})
