import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, forgotPasswordMailWritten, login, signedIn } from './support/http.ts'

interface OutboxItem {
  recipient: string
  subject: string
  body: string
  link: string | null
}

describe.each(testDatabases)('forgot and reset password on $name', (database) => {
  let server: StartedServer
  let base: string
  let adminToken: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    adminToken = (await signedIn(base, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  const forget = async (email: string, headers: Record<string, string> = {}) => {
    const answer = await call(base, 'POST', '/api/Auth/ForgetPassword', { email, ...webClient }, { headers })
    await forgotPasswordMailWritten()
    return answer
  }
  const outboxFor = async (email: string) =>
    (await call<OutboxItem[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body.responseData
  const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
    call(base, 'POST', '/api/Auth/ResetPassword', { token, newPassword, confirmPassword, ...webClient })
  const latestToken = async (email: string) => new URL((await outboxFor(email))[0]!.link!).searchParams.get('token')!

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const known = await forget(accounts.supervisor.email)
    const unknown = await forget('ghost@fasl.school')
    expect(known.status).toBe(unknown.status)
    expect(known.body).toEqual(unknown.body)
    expect(await outboxFor('ghost@fasl.school')).toEqual([])
    const [mail] = await outboxFor(accounts.supervisor.email)
    expect(mail!.subject).toBe('Reset your Fasl password')
    expect(mail!.link).toMatch(/^http:\/\/fasl\.test\/resetPassword\?token=/)
    expect(mail!.body).toContain(mail!.link)
  })

  it('only admins read the outbox (403 for a teacher)', async () => {
    const teacher = await signedIn(base, accounts.teacher)
    const answer = await call(base, 'GET', '/api/Admin/Outbox', undefined, { token: teacher.accessToken })
    expect(answer.status).toBe(403)
  })

  it('a reset link sets the new password once, signs out every device, and is refused the second time (131)', async () => {
    const before = await signedIn(base, accounts.teacher2)
    await forget(accounts.teacher2.email)
    const token = await latestToken(accounts.teacher2.email)
    expect((await call(base, 'POST', '/api/Auth/CheckResetToken', { token })).body.responseData).toEqual({ valid: true })
    expect((await reset(token, 'Fresh#2027x')).body.responseCode).toBe(200)
    expect((await login(base, { email: accounts.teacher2.email, password: 'Fresh#2027x' })).body.responseCode).toBe(200)
    const refreshed = await call(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken: before.refreshToken, ...webClient })
    expect(refreshed.body.responseCode).toBe(109)
    const again = await reset(token, 'Other#2027x')
    expect(again.body).toMatchObject({ responseCode: 131, responseMessage: 'Invalid reset token' })
    expect((await call(base, 'POST', '/api/Auth/CheckResetToken', { token })).body.responseData).toEqual({ valid: false })
  })

  it('an expired reset link is refused (131)', async () => {
    await forget(accounts.admin.email)
    const token = await latestToken(accounts.admin.email)
    await server.db.query(`UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset'`)
    expect((await reset(token, 'Fresh#2027x')).body.responseCode).toBe(131)
  })

  it('the new password must follow the rules (105), and the link stays usable', async () => {
    await forget(accounts.supervisor.email)
    const token = await latestToken(accounts.supervisor.email)
    const weak = await reset(token, 'short', 'short')
    expect(weak.body.responseCode).toBe(105)
    expect(weak.body.validationList.map((item) => item.field)).toEqual(['newPassword'])
    const mismatch = await reset(token, 'Strong#2027', 'Strong#2028')
    expect(mismatch.body.validationList).toEqual([{ field: 'confirmPassword', message: 'The passwords do not match.' }])
    expect((await reset(token, 'Strong#2027')).body.responseCode).toBe(200)
  })

  it('at most 3 requests an hour per account: the fourth is refused (429) and sends nothing', async () => {
    const email = accounts.teacher.email
    const mailsBefore = (await outboxFor(email)).length
    for (let i = 0; i < 3; i++) expect((await forget(email)).status).toBe(200)
    const fourth = await forget(email)
    expect(fourth.status).toBe(429)
    // The hour's window from the first of the three: the header and the envelope say how long.
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(59 * 60)
    expect((fourth.body as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(59 * 60)
    expect(fourth.body.responseCode).toBe(142)
    expect((await outboxFor(email)).length).toBe(mailsBefore + 3)
    // Unknown addresses are counted the same way, so the limit tells nothing about who exists.
    for (let i = 0; i < 3; i++) await forget('ghost2@fasl.school')
    expect((await forget('ghost2@fasl.school')).status).toBe(429)
  })
})

describe.each(testDatabases)('reset rate limit per address on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start({ limits: { resetPerAddress: 20, resetPerAccount: 1000 } } as never)
  })
  afterAll(() => server.close())

  it('at most 20 requests an hour from one address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: `p${i}@fasl.school`, ...webClient })).status).toBe(200)
    expect((await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: 'p21@fasl.school', ...webClient })).status).toBe(429)
  })
})

describe.each(testDatabases)('a server that stops ends the reset mail it had not written yet, on $name', (database) => {
  it('closing right after "forgot password" answers logs no failure against the closed database', async () => {
    const server = await database.start()
    const logged = vi.spyOn(console, 'error')
    try {
      expect((await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email: accounts.teacher.email, ...webClient })).status).toBe(200)
      await server.close()
      await forgotPasswordMailWritten()
      expect(logged.mock.calls.filter((args) => String(args[0]).includes('forgot password'))).toEqual([])
    } finally {
      logged.mockRestore()
    }
  })
})
