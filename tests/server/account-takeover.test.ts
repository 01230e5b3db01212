import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMessage, UserInfo } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn, type LoginData } from './support/http.ts'

describe.each(testDatabases)('a stolen access token does not become a lost account on $name', (database) => {
  let server: StartedServer
  let base: string
  let adminToken: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    adminToken = (await signedIn(base, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  const userInfo = (token: string) => call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })
  const refresh = (refreshToken: string) => call<LoginData>(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...webClient })
  const outboxFor = async (email: string) =>
    (await call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body.responseData

  it('an access token stops working at once when its session signs out', async () => {
    const session = await signedIn(base, accounts.teacher2)
    expect((await userInfo(session.accessToken)).status).toBe(200)
    await call(base, 'POST', '/api/Auth/Logout', { refreshToken: session.refreshToken, ...webClient })
    expect((await userInfo(session.accessToken)).status).toBe(401)
  })

  it('access tokens stop working at once when a refresh token is reused', async () => {
    const session = await signedIn(base, accounts.teacher2)
    const renewed = (await refresh(session.refreshToken)).body.responseData
    expect((await userInfo(renewed.accessToken)).status).toBe(200)
    expect((await refresh(session.refreshToken)).body.responseCode).toBe(109)
    expect((await userInfo(renewed.accessToken)).status).toBe(401)
    expect((await userInfo(session.accessToken)).status).toBe(401)
  })

  it('a password change ends the other sessions’ access tokens at once and keeps its own', async () => {
    const here = await signedIn(base, accounts.supervisor)
    const elsewhere = await signedIn(base, accounts.supervisor)
    const changed = await call(
      base,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: accounts.supervisor.password, newPassword: 'Changed#2026', confirmPassword: 'Changed#2026' },
      { token: here.accessToken },
    )
    expect(changed.body.responseCode).toBe(200)
    expect((await userInfo(elsewhere.accessToken)).status).toBe(401)
    expect((await userInfo(here.accessToken)).status).toBe(200)
  })

  it('changing the email asks for the current password and tells the old address how to secure the account', async () => {
    const { accessToken } = await signedIn(base, accounts.teacher)
    const profile = (await userInfo(accessToken)).body.responseData
    const edit = { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone, preferredLanguage: 'ar' as const }
    const update = (body: object) => call<UserInfo>(base, 'POST', '/api/Account/UpdateProfile', body, { token: accessToken })

    // The same address: nothing to confirm (the language becomes Arabic: the notice follows it).
    expect((await update({ ...edit, email: profile.email.toUpperCase() })).body.responseCode).toBe(200)
    const missing = await update({ ...edit, email: 'thief@example.com' })
    expect(missing.body.responseCode).toBe(105)
    expect(missing.body.validationList.map((issue) => issue.field)).toEqual(['currentPassword'])
    expect((await update({ ...edit, email: 'thief@example.com', currentPassword: 'Guess#2026' })).body.responseCode).toBe(138)
    expect((await userInfo(accessToken)).body.responseData.email).toBe(profile.email.toUpperCase())

    // With the password, a change is only asked for: the old address is told at once, with a reset link.
    const before = (await outboxFor(accounts.teacher.email)).length
    const asked = await update({ ...edit, email: 'teacher.new@fasl.school', currentPassword: accounts.teacher.password })
    expect(asked.body.responseCode).toBe(200)
    expect(asked.body.responseData).toMatchObject({ email: profile.email.toUpperCase(), pendingEmail: 'teacher.new@fasl.school' })
    const mails = await outboxFor(accounts.teacher.email)
    expect(mails.length).toBe(before + 1)
    const [notice] = mails
    expect(notice!.body).toContain('teacher.new@fasl.school')
    expect(notice!.subject).toContain('بريدك الإلكتروني')
    expect(notice!.link).toMatch(/^http:\/\/fasl\.test\/resetPassword\?token=/)

    // The notice's link secures the account: the reset ends the session that asked, and the pending change.
    const token = new URL(notice!.link!).searchParams.get('token')!
    const reset = await call(base, 'POST', '/api/Auth/ResetPassword', { token, newPassword: 'Secured#2026', confirmPassword: 'Secured#2026', ...webClient })
    expect(reset.body.responseCode).toBe(200)
    expect((await userInfo(accessToken)).status).toBe(401)
    const [confirmation] = await outboxFor('teacher.new@fasl.school')
    const confirmed = await call(base, 'POST', '/api/Auth/ConfirmEmail', { token: new URL(confirmation!.link!).searchParams.get('token'), ...webClient })
    expect(confirmed.body.responseCode).toBe(160)
  })
})
