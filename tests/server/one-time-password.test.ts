import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '../../contracts/errors.ts'
import type { UserInfo } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { seedFirstAdmin } from '../../server/seed/demo.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, type LoginData } from './support/http.ts'

type SignIn = LoginData & { mustChangePassword?: boolean }

const classRooms = '/school/api/ClassRooms/GetTeacherClassRooms'

describe.each(testDatabases)('a one-time password on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start()
  })
  afterAll(() => server.close())

  const signIn = async (account: { email: string; password: string }) =>
    (await call<SignIn>(server.url, 'POST', '/api/Auth/Login', { ...account, ...webClient })).body.responseData

  it('opens only the profile and the password change, in both languages, until the password is replaced', async () => {
    await server.db.query('UPDATE users SET must_change_password = true WHERE lower(email) = lower($1)', [accounts.teacher.email])
    const session = await signIn(accounts.teacher)
    expect(session.mustChangePassword).toBe(true)

    const refused = await call(server.url, 'GET', classRooms, undefined, { token: session.accessToken })
    expect(refused.status).toBe(403)
    expect(refused.body.responseCode).toBe(142)
    expect(refused.body.responseMessage).toBe(serverMessages.passwordChangeRequired.en)
    const refusedInArabic = await call(server.url, 'GET', classRooms, undefined, { token: session.accessToken, language: 'ar-EG' })
    expect(refusedInArabic.body.responseMessage).toBe(serverMessages.passwordChangeRequired.ar)

    const info = await call<UserInfo>(server.url, 'GET', '/api/Account/GetUserInfo', undefined, { token: session.accessToken })
    expect(info.body).toMatchObject({ responseCode: 200 })
    expect(info.status).toBe(200)
    expect(info.body.responseData.mustChangePassword).toBe(true)

    const changed = await call(
      server.url,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: accounts.teacher.password, newPassword: 'Chosen#2027', confirmPassword: 'Chosen#2027' },
      { token: session.accessToken },
    )
    expect(changed.status).toBe(200)

    // The same token works at once: the restriction is checked against the account, not trusted from the token.
    expect((await call(server.url, 'GET', classRooms, undefined, { token: session.accessToken })).status).toBe(200)
    const renewed = await call<SignIn>(server.url, 'POST', '/api/Auth/Refresh', { token: null, refreshToken: session.refreshToken, ...webClient })
    expect(renewed.body.responseData.mustChangePassword).toBeUndefined()
    expect((await signIn({ email: accounts.teacher.email, password: 'Chosen#2027' })).mustChangePassword).toBeUndefined()
  })

  it('a database started empty gets an admin whose printed password must be replaced', async () => {
    await server.db.query(`UPDATE users SET email = 'previous-admin@fasl.school' WHERE lower(email) = 'admin@fasl.school'`)
    const admin = await seedFirstAdmin(server.db)
    const session = await signIn(admin)
    expect(session.mustChangePassword).toBe(true)
    const outbox = await call(server.url, 'GET', '/api/Admin/Outbox', undefined, { token: session.accessToken })
    expect(outbox.status).toBe(403)
    expect(outbox.body.responseMessage).toBe(serverMessages.passwordChangeRequired.en)
  })
})
