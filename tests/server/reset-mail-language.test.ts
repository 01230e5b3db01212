import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { waitUntil } from './support/wait.ts'

interface OutboxItem {
  readonly id: number
  readonly subject: string
}

describe.each(testDatabases)('the language of mail on $name', (database) => {
  let server: StartedServer
  let adminToken: string
  beforeAll(async () => {
    server = await database.start()
    adminToken = (await signedIn(server.url, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  const outboxFor = async (email: string) =>
    (await call<OutboxItem[]>(server.url, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body
      .responseData
  const preferLanguage = (email: string, language: 'en' | 'ar') =>
    server.db.query('UPDATE users SET preferred_language = $2 WHERE email = $1', [email, language])
  /** "Forgot password" from a page in `language`; answers the subject of the mail it wrote. */
  const resetMailSubject = async (email: string, language: 'en-US' | 'ar-EG') => {
    const newestBefore = (await outboxFor(email))[0]?.id ?? 0
    expect((await call(server.url, 'POST', '/api/Auth/ForgetPassword', { email, ...webClient }, { language })).status).toBe(200)
    return (await waitUntil(async () => (await outboxFor(email)).find((mail) => mail.id > newestBefore), 5000, 'the reset mail')).subject
  }

  it("a reset mail goes in the language of the page it was asked from, not the account's", async () => {
    await preferLanguage(accounts.supervisor.email, 'en')
    expect(await resetMailSubject(accounts.supervisor.email, 'ar-EG')).toBe('إعادة تعيين كلمة المرور في فصل')
    await preferLanguage(accounts.teacher2.email, 'ar')
    expect(await resetMailSubject(accounts.teacher2.email, 'en-US')).toBe('Reset your Fasl password')
  })

  it("other mail keeps the account's language: the notice of a changed email, asked for from an Arabic page by an English account", async () => {
    await preferLanguage(accounts.teacher.email, 'en')
    const { accessToken } = await signedIn(server.url, accounts.teacher)
    const profile = (await call<UserInfo>(server.url, 'GET', '/api/Account/GetUserInfo', undefined, { token: accessToken })).body.responseData
    const moved = await call<UserInfo>(
      server.url,
      'POST',
      '/api/Account/UpdateProfile',
      {
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        preferredLanguage: 'en',
        email: 'teacher.moved@fasl.school',
        currentPassword: accounts.teacher.password,
      },
      { token: accessToken, language: 'ar-EG' },
    )
    expect(moved.body.responseCode).toBe(200)
    expect((await outboxFor(accounts.teacher.email))[0]!.subject).toBe('A change of your Fasl email address was requested')
    expect((await outboxFor('teacher.moved@fasl.school'))[0]!.subject).toBe('Confirm your new Fasl email address')
  })
})
