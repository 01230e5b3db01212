import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMessage } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { newDemoTeacher } from './support/new-teacher.ts'
import { accounts, call, forgotPasswordMailWritten, signedIn, type LoginData } from './support/http.ts'

/** Issue 19: a reset or a password change ends every outstanding reset and sign-in link of the account. */
describe.each(testDatabases)('older links end with a reset or a password change on $name', (database) => {
  let server: StartedServer
  let base: string
  let adminToken: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    adminToken = (await signedIn(base, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  /** A teacher of the demo school of its own, so each test starts with no links. */
  const newTeacher = () => newDemoTeacher(server, { prefix: 'links', password: 'Links#2026x' })
  const resetLinks = async (email: string) =>
    (await call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body.responseData
      .filter((mail) => mail.link?.includes('/resetPassword?') === true)
      .map((mail) => new URL(mail.link!).searchParams.get('token')!)
  const askReset = async (email: string) => {
    expect((await call(base, 'POST', '/api/Auth/ForgetPassword', { email, ...webClient })).body.responseCode).toBe(200)
    await forgotPasswordMailWritten()
  }
  const reset = (token: string, newPassword: string) =>
    call(base, 'POST', '/api/Auth/ResetPassword', { token, newPassword, confirmPassword: newPassword, ...webClient })
  const stillValid = async (token: string) => (await call<{ valid: boolean }>(base, 'POST', '/api/Auth/CheckResetToken', { token })).body.responseData.valid
  const signInLink = async (userId: string) => {
    const answer = await call<{ link: string }>(base, 'POST', '/api/Auth/CreateAutoLoginLink', { userId }, { token: adminToken })
    return new URL(answer.body.responseData.link).searchParams.get('token')!
  }
  const autoLogin = (userId: string, token: string) =>
    call<LoginData>(base, 'POST', '/api/Auth/AutoLogin', { username: userId, password: null, token, ...webClient })

  it('of two reset links, using one ends the other', async () => {
    const teacher = await newTeacher()
    await askReset(teacher.email)
    await askReset(teacher.email)
    const [newer, older] = await resetLinks(teacher.email)
    expect([await stillValid(older!), await stillValid(newer!)]).toEqual([true, true])
    expect((await reset(newer!, 'Newer#2026x')).body.responseCode).toBe(200)
    expect(await stillValid(older!)).toBe(false)
    expect((await reset(older!, 'Older#2026x')).body.responseCode).toBe(131)
  })

  it('a reset also ends the sign-in links an admin issued for the account', async () => {
    const teacher = await newTeacher()
    const link = await signInLink(teacher.id)
    await askReset(teacher.email)
    const [token] = await resetLinks(teacher.email)
    expect((await reset(token!, 'Reset#2026x')).body.responseCode).toBe(200)
    expect((await autoLogin(teacher.id, link)).body).toMatchObject({ responseCode: 142, responseMessage: 'This sign-in link is not valid anymore.' })
  })

  it('a password change ends the outstanding reset links and sign-in links', async () => {
    const teacher = await newTeacher()
    await askReset(teacher.email)
    const [token] = await resetLinks(teacher.email)
    const link = await signInLink(teacher.id)
    const { accessToken } = await signedIn(base, teacher)
    const changed = await call(
      base,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: teacher.password, newPassword: 'Changed#2026x', confirmPassword: 'Changed#2026x' },
      { token: accessToken },
    )
    expect(changed.body.responseCode).toBe(200)
    expect(await stillValid(token!)).toBe(false)
    expect((await reset(token!, 'Sneaky#2026x')).body.responseCode).toBe(131)
    expect((await autoLogin(teacher.id, link)).body.responseCode).toBe(142)
    // Links made after the change work as before.
    expect((await autoLogin(teacher.id, await signInLink(teacher.id))).body.responseCode).toBe(200)
  })

  it("another account's links are untouched", async () => {
    const [teacher, other] = [await newTeacher(), await newTeacher()]
    await askReset(other.email)
    const [othersToken] = await resetLinks(other.email)
    const othersLink = await signInLink(other.id)
    const { accessToken } = await signedIn(base, teacher)
    await call(
      base,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: teacher.password, newPassword: 'Changed#2026x', confirmPassword: 'Changed#2026x' },
      { token: accessToken },
    )
    expect(await stillValid(othersToken!)).toBe(true)
    expect((await autoLogin(other.id, othersLink)).body.responseCode).toBe(200)
  })
})
