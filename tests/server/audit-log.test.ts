import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditKinds, type AuditEntry } from '../../contracts/audit.ts'
import type { OutboxMessage } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, forgotPasswordMailWritten, login, signedIn, type LoginData } from './support/http.ts'
import { secondSchool, seedSecondSchool, type SecondSchool } from './support/second-school.ts'

interface AuditRow {
  readonly id: number
  readonly school_id: number
  readonly kind: string
  readonly actor_id: string | null
  readonly subject_id: string | null
  readonly address: string | null
  readonly detail: Record<string, unknown>
}

describe.each(testDatabases)('the audit log records security events and admin acts, for the school admin only, on $name', (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  let schoolId: number
  let adminToken: string
  const ids: Record<string, string> = {}
  /** Every password, token and link these tests send or receive: none may reach the log. */
  const secrets: string[] = []

  beforeAll(async () => {
    server = await database.start({ limits: { signInPerAccount: 10 } } as never)
    base = server.url
    second = await seedSecondSchool(server.db)
    for (const row of await server.db.query<{ id: string; email: string; school_id: number }>('SELECT id, email, school_id FROM users')) ids[row.email] = row.id
    schoolId = (await server.db.query<{ school_id: number }>(`SELECT school_id FROM users WHERE email = $1`, [accounts.admin.email]))[0]!.school_id
    const admin = await signedIn(base, accounts.admin)
    adminToken = admin.accessToken
    secrets.push(admin.accessToken, admin.refreshToken, ...Object.values(accounts).map((account) => account.password), secondSchool.admin.password)
  })
  afterAll(() => server.close())

  const rows = (sql = 'TRUE', params: ReadonlyArray<unknown> = []) => server.db.query<AuditRow>(`SELECT * FROM audit_log WHERE ${sql} ORDER BY id`, params)

  /** Refused attempts are written after their answer (server/services/audit.ts): wait until `count` rows match. */
  const written = async (sql: string, params: ReadonlyArray<unknown>, count = 1) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const found = await rows(sql, params)
      if (found.length >= count) return found
    }
    throw new Error(`no ${count} audit rows where ${sql} (${JSON.stringify(params)}): ${JSON.stringify(await rows())}`)
  }

  /** A teacher of the demo school of this test's own, so changing her password or email disturbs no other test. */
  const newTeacher = async (password: string) => {
    const id = randomUUID()
    const email = `audit-${id.slice(0, 8)}@fasl.school`
    await server.db.query(
      `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, 'Audit', 'Teacher', 'Teacher')`,
      [id, schoolId, email, await hashPassword(password)],
    )
    secrets.push(password)
    return { id, email, password }
  }

  const auditLog = (query = '', token = adminToken) => call<AuditEntry[]>(base, 'GET', `/api/Admin/AuditLog${query}`, undefined, { token })

  it('a wrong password of an account is written as sign-in-failed with the address, never the typed password; an unknown email writes nothing', async () => {
    const typed = 'Typed#Guess2026'
    secrets.push(typed)
    expect((await login(base, { email: 'nobody@fasl.school', password: typed })).body.responseCode).toBe(116)
    expect((await login(base, { email: accounts.supervisor.email, password: typed })).body.responseCode).toBe(116)
    const [entry] = await written(`kind = 'sign-in-failed' AND subject_id = $1`, [ids[accounts.supervisor.email]])
    expect(entry).toMatchObject({ school_id: schoolId, actor_id: null, detail: { knownDevice: false } })
    expect(entry!.address).toMatch(/127\.0\.0\.1/)
    expect(await rows(`kind = 'sign-in-failed'`)).toHaveLength(1)
    expect(JSON.stringify(await rows())).not.toContain('nobody@fasl.school')
  })

  it('the answer to a wrong password does not wait for its audit write (a known email must not answer slower than an unknown one)', async () => {
    const { id, email } = await newTeacher('Timing#2026')
    // Every audit write of this teacher now takes a second.
    await server.db.query(`CREATE FUNCTION audit_log_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$`)
    await server.db.query(
      `CREATE TRIGGER audit_log_slow BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.subject_id = '${id}') EXECUTE FUNCTION audit_log_slow()`,
    )
    try {
      const started = performance.now()
      expect((await login(base, { email, password: 'Timing#Wrong1' })).body.responseCode).toBe(116)
      expect(performance.now() - started).toBeLessThan(900)
      await written(`kind = 'sign-in-failed' AND subject_id = $1`, [id])
    } finally {
      await server.db.query('DROP TRIGGER audit_log_slow ON audit_log')
      await server.db.query('DROP FUNCTION audit_log_slow()')
    }
  })

  it('ten wrong passwords lock the account: the tenth writes account-locked, once', async () => {
    const { id: subject, email } = await newTeacher('Locked#2026')
    for (let i = 0; i < 10; i++) expect((await login(base, { email, password: `Wrong#${i}guess` })).body.responseCode).toBe(116)
    expect((await login(base, { email, password: 'Wrong#10guess' })).status).toBe(429)
    await written(`kind = 'sign-in-failed' AND subject_id = $1`, [subject], 10)
    const [locked, ...more] = await written(`kind = 'account-locked' AND subject_id = $1`, [subject])
    expect(more).toEqual([])
    expect(locked!.detail).toEqual({ allowance: 'unknown-devices' })
    // The lockout comes after the failure that caused it.
    expect(locked!.id).toBeGreaterThan(Math.max(...(await rows(`kind = 'sign-in-failed' AND subject_id = $1`, [subject])).map((row) => row.id)))
  })

  it('wrong current passwords on the password change count too: the tenth writes account-locked, the caller as actor', async () => {
    const teacher = await newTeacher('Guarded#2026')
    const { accessToken } = await signedIn(base, teacher)
    const change = (oldPassword: string) =>
      call(
        base,
        'POST',
        '/api/Account/ChangePassword',
        { oldPassword, newPassword: 'Other#2026x', confirmPassword: 'Other#2026x' },
        { token: accessToken, idempotencyKey: randomUUID() },
      )
    for (let i = 0; i < 10; i++) expect((await change(`Guess#${i}old`)).body.responseCode).toBe(138)
    expect((await change(teacher.password)).status).toBe(429)
    await written(`kind = 'reauthentication-failed' AND subject_id = $1`, [teacher.id], 10)
    expect(await written(`kind = 'account-locked' AND subject_id = $1`, [teacher.id])).toMatchObject([
      { actor_id: teacher.id, detail: { allowance: 'unknown-devices' } },
    ])
  })

  it('a rotated refresh token used again is written as refresh-token-reused, naming the ended sign-in', async () => {
    const first = await signedIn(base, accounts.teacher)
    const refresh = (refreshToken: string) => call<LoginData>(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...webClient })
    const rotated = await refresh(first.refreshToken)
    expect(rotated.body.responseCode).toBe(200)
    expect((await refresh(first.refreshToken)).body.responseCode).toBe(109)
    secrets.push(first.accessToken, first.refreshToken, rotated.body.responseData.accessToken, rotated.body.responseData.refreshToken)
    const [entry] = await rows(`kind = 'refresh-token-reused'`)
    expect(entry).toMatchObject({ school_id: schoolId, actor_id: null, subject_id: ids[accounts.teacher.email], detail: { sessionId: expect.any(String) } })
    const [family] = await server.db.query<{ revoked_reason: string }>('SELECT revoked_reason FROM session_families WHERE id = $1', [entry!.detail.sessionId])
    expect(family!.revoked_reason).toBe('refresh token reused')
  })

  it('a password change is written as password-changed; a wrong old password as reauthentication-failed', async () => {
    const teacher = await newTeacher('Before#2026')
    const { accessToken } = await signedIn(base, teacher)
    const change = (oldPassword: string, newPassword: string) =>
      call(
        base,
        'POST',
        '/api/Account/ChangePassword',
        { oldPassword, newPassword, confirmPassword: newPassword },
        { token: accessToken, idempotencyKey: randomUUID() },
      )
    secrets.push('Wrong#Old2026', 'After#2026x')
    expect((await change('Wrong#Old2026', 'After#2026x')).body.responseCode).toBe(138)
    // Written although the refused call's transaction was rolled back.
    const [failed] = await written(`kind = 'reauthentication-failed' AND subject_id = $1`, [teacher.id])
    expect(failed).toMatchObject({ actor_id: teacher.id, detail: { during: 'password-change' } })
    expect((await change(teacher.password, 'After#2026x')).body.responseCode).toBe(200)
    expect(await rows(`kind = 'password-changed' AND subject_id = $1`, [teacher.id])).toMatchObject([{ school_id: schoolId, actor_id: teacher.id, detail: {} }])
  })

  it('an email change is written as email-changed with both addresses, once its link is followed (signed out: no actor)', async () => {
    const teacher = await newTeacher('Mail#2026x')
    const { accessToken } = await signedIn(base, teacher)
    const moved = `moved-${teacher.email}`
    const profile = { firstName: 'Audit', lastName: 'Teacher', email: moved, phone: null, preferredLanguage: 'en', currentPassword: teacher.password }
    expect((await call(base, 'POST', '/api/Account/UpdateProfile', profile, { token: accessToken })).body.responseCode).toBe(200)
    expect(await rows(`kind = 'email-changed' AND subject_id = $1`, [teacher.id])).toHaveLength(0)
    const [mail] = (await call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(moved)}`, undefined, { token: adminToken })).body
      .responseData
    const token = new URL(mail!.link!).searchParams.get('token')!
    secrets.push(mail!.link!, token)
    expect((await call(base, 'POST', '/api/Auth/ConfirmEmail', { token, ...webClient })).body.responseCode).toBe(200)
    expect(await rows(`kind = 'email-changed' AND subject_id = $1`, [teacher.id])).toMatchObject([
      { school_id: schoolId, actor_id: null, detail: { from: teacher.email, to: moved } },
    ])
    // A profile edit that keeps the email is not a security event.
    expect(
      (
        await call(
          base,
          'POST',
          '/api/Account/UpdateProfile',
          { ...profile, email: moved, firstName: 'Audited', currentPassword: undefined },
          { token: accessToken },
        )
      ).body.responseCode,
    ).toBe(200)
    expect(await rows(`kind = 'email-changed' AND subject_id = $1`, [teacher.id])).toHaveLength(1)
  })

  it('a reset by an emailed link is written as password-reset, without an actor', async () => {
    const teacher = await newTeacher('Forgot#2026')
    await call(base, 'POST', '/api/Auth/ForgetPassword', { email: teacher.email, ...webClient })
    await forgotPasswordMailWritten()
    const [mail] = (
      await call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(teacher.email)}`, undefined, { token: adminToken })
    ).body.responseData
    const token = new URL(mail!.link!).searchParams.get('token')!
    secrets.push(mail!.link!, token, 'Reset#2026x')
    expect(
      (await call(base, 'POST', '/api/Auth/ResetPassword', { token, newPassword: 'Reset#2026x', confirmPassword: 'Reset#2026x', ...webClient })).body
        .responseCode,
    ).toBe(200)
    expect(await rows(`kind = 'password-reset'`)).toMatchObject([{ school_id: schoolId, actor_id: null, subject_id: teacher.id, detail: {} }])
    // Reading the outbox for that address is itself on record, with the filter the admin used.
    expect(await rows(`kind = 'outbox-read' AND detail->>'recipient' = $1`, [teacher.email])).toMatchObject([
      { actor_id: ids[accounts.admin.email], subject_id: null },
    ])
  })

  it('an admin issuing a sign-in link is written as sign-in-link-created, never the link', async () => {
    const answer = await call<{ link: string }>(base, 'POST', '/api/Auth/CreateAutoLoginLink', { userId: ids[accounts.teacher2.email] }, { token: adminToken })
    expect(answer.body.responseCode).toBe(200)
    secrets.push(answer.body.responseData.link, new URL(answer.body.responseData.link).searchParams.get('token')!)
    expect(await rows(`kind = 'sign-in-link-created'`)).toMatchObject([
      { school_id: schoolId, actor_id: ids[accounts.admin.email], subject_id: ids[accounts.teacher2.email] },
    ])
  })

  it('an admin changing how long sent mail is kept is written as mail-retention-changed, with the days before and after', async () => {
    expect((await call(base, 'POST', '/api/Admin/SetMailRetention', { sentMailRetentionDays: 14 }, { token: adminToken })).body.responseCode).toBe(200)
    expect(await rows(`kind = 'mail-retention-changed'`)).toMatchObject([
      { school_id: schoolId, actor_id: ids[accounts.admin.email], subject_id: null, detail: { retentionDaysFrom: 30, retentionDaysTo: 14 } },
    ])
  })

  it('an admin reads her school through the API, newest first, filtered and paged; her reading is on record', async () => {
    const all = await auditLog('?limit=200')
    expect(all.body.responseCode).toBe(200)
    const entries = all.body.responseData
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => b - a))
    expect(entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['sign-in-failed', 'account-locked', 'refresh-token-reused', 'password-changed', 'email-changed', 'password-reset']),
    )
    const locked = (await auditLog('?kind=account-locked')).body.responseData
    expect(locked.map((entry) => entry.kind)).toEqual(['account-locked', 'account-locked'])
    const supervisor = (await auditLog(`?userId=${ids[accounts.supervisor.email]}`)).body.responseData
    expect(supervisor).toMatchObject([{ kind: 'sign-in-failed', subjectId: ids[accounts.supervisor.email], actorId: null }])
    const firstPage = (await auditLog('?limit=2')).body.responseData
    const nextPage = (await auditLog(`?limit=2&before=${firstPage[1]!.id}`)).body.responseData
    expect(firstPage).toHaveLength(2)
    expect(nextPage).toHaveLength(2)
    expect(nextPage[0]!.id).toBeLessThan(firstPage[1]!.id)
    expect(await rows(`kind = 'audit-log-read' AND detail->>'kind' = 'account-locked'`)).toMatchObject([{ actor_id: ids[accounts.admin.email] }])
  })

  it("another school's admin reads only her school's entries, and a cursor from the first school finds nothing", async () => {
    expect((await login(base, { email: secondSchool.teacher.email, password: 'Second#Wrong1' })).body.responseCode).toBe(116)
    await written(`kind = 'sign-in-failed' AND subject_id = $1`, [second.teacherId])
    const secondAdmin = await signedIn(base, secondSchool.admin)
    secrets.push(secondAdmin.accessToken, secondAdmin.refreshToken, 'Second#Wrong1')
    const theirs = (await auditLog('?limit=200', secondAdmin.accessToken)).body.responseData
    expect(theirs.map((entry) => entry.subjectId)).toEqual([second.teacherId])
    const firstSchoolIds = new Set((await rows('school_id = $1', [schoolId])).map((row) => row.id))
    expect(theirs.some((entry) => firstSchoolIds.has(entry.id))).toBe(false)
    expect((await auditLog(`?before=${Math.max(...firstSchoolIds)}`, secondAdmin.accessToken)).body.responseData).toEqual([])
    expect((await auditLog(`?userId=${ids[accounts.teacher.email]}`, secondAdmin.accessToken)).body.responseData).toEqual([])
    const ours = (await auditLog('?limit=200')).body.responseData
    expect(ours.some((entry) => entry.subjectId === second.teacherId || entry.actorId === second.adminId)).toBe(false)
  })

  it('a teacher and a supervising teacher are refused (403), a signed-out caller 401', async () => {
    for (const account of [accounts.teacher2, accounts.supervisor]) {
      const { accessToken } = await signedIn(base, account)
      const answer = await auditLog('', accessToken)
      expect(answer.status).toBe(403)
      expect(answer.body.responseData).toBeNull()
    }
    const signedOut = await call(base, 'GET', '/api/Admin/AuditLog')
    expect(signedOut.status).toBe(401)
  })

  it.each([
    ['kind=bogus', 'kind'],
    ['kind=', 'kind'],
    ['userId=not-a-user', 'userId'],
    ['before=0', 'before'],
    ['before=abc', 'before'],
    ['before=2147483648', 'before'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=1.5', 'limit'],
  ])('a bad query value (%s) answers 105 naming the field', async (query, field) => {
    const answer = await auditLog(`?${query}`)
    expect(answer.status).toBe(400)
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.map((issue) => issue.field)).toContain(field)
  })

  it('the greatest page (limit=200) and the greatest id are accepted', async () => {
    expect((await auditLog('?limit=200&before=2147483647')).body.responseCode).toBe(200)
  })

  it('an audit write that fails does not fail the change: the password changes, the entry is dropped and logged', async () => {
    const teacher = await newTeacher('Keep#2026x')
    const { accessToken } = await signedIn(base, teacher)
    await server.db.query(`ALTER TABLE audit_log ADD CONSTRAINT refuse_password_changes CHECK (kind <> 'password-changed') NOT VALID`)
    try {
      secrets.push('Kept#2026x')
      const passwords = { oldPassword: teacher.password, newPassword: 'Kept#2026x', confirmPassword: 'Kept#2026x' }
      // With an Idempotency-Key the change runs in the request's transaction: the failed write must not abort it.
      const answer = await call(base, 'POST', '/api/Account/ChangePassword', passwords, { token: accessToken, idempotencyKey: randomUUID() })
      expect(answer.body.responseCode).toBe(200)
      expect((await login(base, { email: teacher.email, password: 'Kept#2026x' })).body.responseCode).toBe(200)
      expect(await rows(`kind = 'password-changed' AND subject_id = $1`, [teacher.id])).toEqual([])
    } finally {
      await server.db.query('ALTER TABLE audit_log DROP CONSTRAINT refuse_password_changes')
    }
  })

  it('every kind has been written by its act, and no row holds a password, token, link or hash', async () => {
    const all = await rows()
    expect(new Set(all.map((row) => row.kind))).toEqual(new Set(auditKinds))
    const serialized = JSON.stringify(all)
    const hashes = (await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users')).map((row) => row.password_hash)
    const tokenHashes = (await server.db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens')).map((row) => row.token_hash)
    for (const secret of [...secrets, ...hashes, ...tokenHashes]) expect(serialized).not.toContain(secret)
  })
})
