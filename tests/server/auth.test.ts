import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login, signedIn, type LoginData } from './support/http.ts'

describe.each(testDatabases)('sign-in and tokens on $name', (database) => {
  let server: StartedServer
  let base: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
  })
  afterAll(() => server.close())

  const refresh = (refreshToken: string, client: { clientId: string; clientSecret: string } = webClient) =>
    call<LoginData>(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...client })

  it('signs in the demo teacher with the login data the spec names', async () => {
    const { status, body } = await login(base, accounts.teacher)
    expect(status).toBe(200)
    expect(body.responseCode).toBe(200)
    // The spec's fields, plus Fasl's device token (OWASP's device cookie, see LoginData).
    expect(Object.keys(body.responseData).sort()).toEqual([
      'accessToken',
      'deviceToken',
      'image',
      'name',
      'refreshToken',
      'roles',
      'tokenExpiration',
      'userType',
    ])
    expect(body.responseData).toMatchObject({ name: 'Amira Hassan', roles: [], userType: 'Teacher', image: null })
    const lifetime = Date.parse(body.responseData.tokenExpiration) - Date.now()
    expect(lifetime).toBeGreaterThan(14 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000)
  })

  it('answers 116 for a wrong password and for an unknown email, in the caller language', async () => {
    const wrong = await login(base, { email: accounts.teacher.email, password: 'Nope#2026' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ responseCode: 116, responseData: null, responseMessage: 'Wrong Email or password', validationList: [] })
    const unknown = await login(base, { email: 'nobody@fasl.school', password: 'Nope#2026' }, { language: 'ar-EG' })
    expect(unknown.body.responseCode).toBe(116)
    expect(unknown.body.responseMessage).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة')
  })

  it('answers 120 for a wrong client id or secret, before looking at the password', async () => {
    const answer = await call(base, 'POST', '/api/Auth/Login', { ...accounts.teacher, clientId: 'fasl-web', clientSecret: 'guess' })
    expect(answer.body.responseCode).toBe(120)
    expect(answer.body.responseMessage).toBe('Invalid Client')
  })

  it('answers 105 with localized field messages when the email is missing or malformed', async () => {
    const answer = await login(base, { email: 'not-an-email', password: '' }, { language: 'ar-EG' })
    expect(answer.status).toBe(400)
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList).toEqual([
      { field: 'email', message: 'أدخل بريدًا إلكترونيًا صالحًا.' },
      { field: 'password', message: 'هذا الحقل مطلوب.' },
    ])
  })

  it('answers 105 when the body is not the declared shape', async () => {
    const answer = await call(base, 'POST', '/api/Auth/Login', { email: 42 })
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.length).toBeGreaterThan(0)
  })

  it('stores the password as argon2id with 19 MiB and 2 passes', async () => {
    const [row] = await server.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'teacher@fasl.school'`)
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('rotates the refresh token on every use', async () => {
    const first = await signedIn(base, accounts.teacher)
    const second = await refresh(first.refreshToken)
    expect(second.body.responseCode).toBe(200)
    expect(second.body.responseData.refreshToken).not.toBe(first.refreshToken)
    expect(second.body.responseData.accessToken).not.toBe(first.accessToken)
    const info = await call(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: second.body.responseData.accessToken })
    expect(info.body.responseCode).toBe(200)
  })

  it('revokes the whole family when a rotated refresh token comes back (109)', async () => {
    const first = await signedIn(base, accounts.teacher)
    const second = await refresh(first.refreshToken)
    const reused = await refresh(first.refreshToken)
    expect(reused.body).toMatchObject({ responseCode: 109, responseMessage: 'Invalid Refresh Token' })
    // The thief's copy is dead, and so is the legitimate newer token of the same sign-in.
    expect((await refresh(second.body.responseData.refreshToken)).body.responseCode).toBe(109)
  })

  it('answers 109 for an unknown refresh token and 120 for a refresh from another client', async () => {
    expect((await refresh('made-up')).body.responseCode).toBe(109)
    const session = await signedIn(base, accounts.teacher)
    expect((await refresh(session.refreshToken, { clientId: 'other', clientSecret: 'x' })).body.responseCode).toBe(120)
  })

  it('ends a sign-in after its absolute lifetime, however often it was refreshed', async () => {
    const session = await signedIn(base, accounts.teacher)
    await server.db.query(
      `UPDATE session_families SET absolute_expires_at = now() - interval '1 second' WHERE id IN (SELECT family_id FROM refresh_tokens WHERE rotated_at IS NULL)`,
    )
    expect((await refresh(session.refreshToken)).body.responseCode).toBe(109)
  })

  it('signing out revokes the refresh token', async () => {
    const session = await signedIn(base, accounts.teacher)
    const out = await call(base, 'POST', '/api/Auth/Logout', { refreshToken: session.refreshToken, ...webClient })
    expect(out.body.responseCode).toBe(200)
    expect((await refresh(session.refreshToken)).body.responseCode).toBe(109)
  })

  it('answers 401 in the envelope without a token or with a forged one', async () => {
    const none = await call(base, 'GET', '/api/Account/GetUserInfo')
    expect(none.status).toBe(401)
    expect(none.body.responseCode).toBe(401)
    const session = await signedIn(base, accounts.teacher)
    const forged = session.accessToken.slice(0, -4) + 'AAAA'
    expect((await call(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: forged })).status).toBe(401)
  })

  describe('sign-in by link', () => {
    const createLink = async (userEmail: string, token: string) => {
      const [user] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [userEmail])
      return {
        userId: user!.id,
        answer: await call<{ link: string; expiresAt: string }>(base, 'POST', '/api/Auth/CreateAutoLoginLink', { userId: user!.id }, { token }),
      }
    }
    const autoLogin = (username: string, token: string) =>
      call<LoginData>(base, 'POST', '/api/Auth/AutoLogin', { username, password: null, token, ...webClient })

    it('only an admin issues a link (403 for a teacher)', async () => {
      const teacher = await signedIn(base, accounts.teacher)
      const { answer } = await createLink(accounts.teacher2.email, teacher.accessToken)
      expect(answer.status).toBe(403)
    })

    it('a link signs in once; the same link again is refused', async () => {
      const admin = await signedIn(base, accounts.admin)
      const { userId, answer } = await createLink(accounts.teacher.email, admin.accessToken)
      const link = new URL(answer.body.responseData.link)
      expect(link.pathname).toBe('/Signin')
      expect(link.searchParams.get('id')).toBe(userId)
      const token = link.searchParams.get('token')!
      const first = await autoLogin(userId, token)
      expect(first.body.responseCode).toBe(200)
      expect(first.body.responseData.name).toBe('Amira Hassan')
      const second = await autoLogin(userId, token)
      expect(second.body.responseCode).toBe(142)
    })

    it("a username alone, or with another user's token, signs nobody in", async () => {
      const admin = await signedIn(base, accounts.admin)
      const { answer } = await createLink(accounts.teacher.email, admin.accessToken)
      const token = new URL(answer.body.responseData.link).searchParams.get('token')!
      const [other] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [accounts.teacher2.email])
      expect((await autoLogin(other!.id, token)).body.responseCode).toBe(142)
      expect((await autoLogin(other!.id, '')).body.responseCode).toBe(142)
    })

    it('an expired link is refused', async () => {
      const admin = await signedIn(base, accounts.admin)
      const { userId, answer } = await createLink(accounts.teacher.email, admin.accessToken)
      await server.db.query(`UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'autologin' AND used_at IS NULL`)
      const token = new URL(answer.body.responseData.link).searchParams.get('token')!
      expect((await autoLogin(userId, token)).body.responseCode).toBe(142)
    })
  })
})
