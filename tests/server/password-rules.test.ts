import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import type { ServerConfig } from '../../server/config.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login, signedIn } from './support/http.ts'
import { waitUntil } from './support/wait.ts'

interface OutboxItem {
  readonly id: number
  readonly link: string | null
}

describe.each(testDatabases)('new-password rules on $name', (database) => {
  let server: StartedServer
  let adminToken: string
  beforeAll(async () => {
    server = await database.start({ limits: { resetPerAccount: 1000 } as ServerConfig['limits'] })
    adminToken = (await signedIn(server.url, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  const outboxFor = async (email: string) =>
    (await call<OutboxItem[]>(server.url, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body
      .responseData
  /** Asks for a reset link and waits until its mail is in the outbox; answers the link's token. */
  const resetTokenFor = async (email: string) => {
    const newestBefore = (await outboxFor(email))[0]?.id ?? 0
    expect((await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email, ...webClient })).status).toBe(200)
    const mail = await waitUntil(async () => (await outboxFor(email)).find((item) => item.id > newestBefore), 5000, 'the reset mail')
    return new URL(mail.link!).searchParams.get('token')!
  }
  const reset = (token: string, newPassword: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call(server.url, 'POST', '/api/Auth/ResetPassword', { token, newPassword, confirmPassword: newPassword, ...webClient }, { language })
  const changePassword = async (account: { email: string; password: string }, newPassword: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call(
      server.url,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: account.password, newPassword, confirmPassword: newPassword },
      {
        token: (await signedIn(server.url, account)).accessToken,
        language,
      },
    )

  it("reset refuses a common breached password whatever its case (105 on newPassword, in the caller's language), and the link stays usable", async () => {
    const token = await resetTokenFor(accounts.teacher2.email)
    const english = await reset(token, 'Password1')
    expect(english.body.responseCode).toBe(105)
    expect(english.body.validationList).toEqual([{ field: 'newPassword', message: expect.stringMatching(/most common/) }])
    const arabic = await reset(token, 'qWERTY123', 'ar-EG')
    expect(arabic.body.validationList).toEqual([{ field: 'newPassword', message: expect.stringMatching(/شيوعًا/) }])
    expect((await login(server.url, accounts.teacher2)).body.responseCode).toBe(200)
    expect((await reset(token, 'Unusual#Lamp42')).body.responseCode).toBe(200)
    expect((await login(server.url, { email: accounts.teacher2.email, password: 'Unusual#Lamp42' })).body.responseCode).toBe(200)
  })

  it('change password refuses a common breached password (105 on newPassword) and keeps the old one', async () => {
    const answer = await changePassword(accounts.supervisor, 'Welcome2026')
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.map((item) => item.field)).toEqual(['newPassword'])
    expect((await login(server.url, accounts.supervisor)).body.responseCode).toBe(200)
  })

  it("reset refuses the current password as the new one (105 on newPassword, in the caller's language); nothing changes and the link stays usable", async () => {
    const token = await resetTokenFor(accounts.admin.email)
    const english = await reset(token, accounts.admin.password)
    expect(english.body.responseCode).toBe(105)
    expect(english.body.validationList).toEqual([{ field: 'newPassword', message: 'Choose a password different from the current one.' }])
    const arabic = await reset(token, accounts.admin.password, 'ar-EG')
    expect(arabic.body.validationList).toEqual([{ field: 'newPassword', message: 'اختر كلمة مرور مختلفة عن الحالية.' }])
    expect((await call(server.url, 'POST', '/api/Auth/CheckResetToken', { token })).body.responseData).toEqual({ valid: true })
    expect((await login(server.url, accounts.admin)).body.responseCode).toBe(200)
    expect((await reset(token, 'Admin#2027x')).body.responseCode).toBe(200)
    expect((await login(server.url, { email: accounts.admin.email, password: 'Admin#2027x' })).body.responseCode).toBe(200)
  })

  it('change password refuses the current password as the new one (105 on newPassword)', async () => {
    const answer = await changePassword(accounts.teacher, accounts.teacher.password)
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList).toEqual([{ field: 'newPassword', message: 'Choose a password different from the current one.' }])
  })
})
