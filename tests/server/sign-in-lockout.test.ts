import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login, signedIn, type LoginData } from './support/http.ts'

describe.each(testDatabases)('password guessing is limited, and lockouts spare known devices, on $name', (database) => {
  let server: StartedServer
  let base: string
  beforeAll(async () => {
    server = await database.start({ limits: { signInPerAccount: 10 } } as never)
    base = server.url
  })
  afterAll(() => server.close())

  // Each with its own Idempotency-Key: a refused call's rollback must not take its count back.
  const changePassword = (token: string, oldPassword: string) =>
    call(
      base,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword, newPassword: 'Another#2026', confirmPassword: 'Another#2026' },
      { token, idempotencyKey: crypto.randomUUID() },
    )

  it('guessing the old password on ChangePassword is limited and shares the sign-in failure count', async () => {
    const { accessToken } = await signedIn(base, accounts.teacher2)
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await changePassword(accessToken, `Wrong#${i}x`)).status)
    for (let i = 0; i < 4; i++) codes.push((await login(base, { email: accounts.teacher2.email, password: `Wrong#${i}y` })).status)
    expect(codes).toEqual(Array(10).fill(400))
    // Ten wrong passwords in all: both doors are shut, even for the right password.
    expect((await changePassword(accessToken, accounts.teacher2.password)).status).toBe(429)
    expect((await login(base, accounts.teacher2)).status).toBe(429)
  })

  it('40 parallel wrong passwords: at most 10 are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(base, { email: accounts.supervisor.email, password: `Parallel#${i}` })))
    const checked = answers.filter((answer) => answer.body.responseCode === 116).length
    expect(checked).toBeLessThanOrEqual(10)
    expect(checked + answers.filter((answer) => answer.status === 429).length).toBe(40)
  })

  it('a device that signed in before keeps its own allowance while unknown devices are locked out', async () => {
    const known = (await login(base, accounts.teacher)).body.responseData as LoginData & { deviceToken: string }
    expect(known.deviceToken).toEqual(expect.any(String))
    for (let i = 0; i < 10; i++) expect((await login(base, { email: accounts.teacher.email, password: `Attack#${i}` })).status).toBe(400)
    expect((await login(base, accounts.teacher)).status).toBe(429)
    // A forged or other account's device token counts as an unknown device.
    expect((await login(base, { ...accounts.teacher, deviceToken: `${known.deviceToken}x` } as never)).status).toBe(429)
    const again = await call<LoginData>(base, 'POST', '/api/Auth/Login', { ...accounts.teacher, deviceToken: known.deviceToken, ...webClient })
    expect(again.body.responseCode).toBe(200)
  })
})
