import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { requestFingerprint } from '../../server/http/idempotency.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login, signedIn, type LoginData } from './support/http.ts'

const profile = { firstName: 'Amira', lastName: 'Hassan', email: 'teacher@fasl.school', phone: '01012345678', preferredLanguage: 'en' }

describe.each(testDatabases)('Idempotency-Key as API middleware on $name', (database) => {
  let server: StartedServer
  let base: string
  let token: string
  let userId: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    token = (await signedIn(base, accounts.teacher)).accessToken
    userId = (await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [accounts.teacher.email]))[0]!.id
  })
  afterAll(() => server.close())

  const update = (body: Record<string, unknown>, key?: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<UserInfo>(base, 'POST', '/api/Account/UpdateProfile', body, { token, language, ...(key === undefined ? {} : { idempotencyKey: key }) })
  const version = async () => (await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })).body.responseData.version

  it('the OpenAPI document shows the Idempotency-Key header on the calls that change something, not on sign-in', async () => {
    const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>
    }
    const headerOf = (path: string, method: string) => (openapi.paths[path]![method]!.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)
    for (const path of [
      '/api/Account/UpdateProfile',
      '/api/Account/ChangePassword',
      '/api/Account/UploadProfileImage',
      '/api/Auth/CreateAutoLoginLink',
      '/api/Auth/Logout',
    ])
      expect(headerOf(path, 'post')).toContain('Idempotency-Key')
    for (const path of ['/api/Auth/Login', '/api/Auth/Refresh', '/api/Auth/AutoLogin', '/api/Auth/ForgetPassword', '/api/Auth/ResetPassword'])
      expect(headerOf(path, 'post')).not.toContain('Idempotency-Key')
  })

  it('a repeat returns the first answer and changes nothing more', async () => {
    const key = randomUUID()
    const before = await version()
    const first = await update({ ...profile, lastName: 'Replayed' }, key)
    const second = await update({ ...profile, lastName: 'Replayed' }, key)
    expect(second.status).toBe(first.status)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await version()).toBe(before + 1)
  })

  it('concurrent repeats apply once; the one that finds the first still running answers 409 "in progress" (144), a try-again', async () => {
    const key = randomUUID()
    const before = await version()
    const both = await Promise.all([update({ ...profile, lastName: 'Twice' }, key), update({ ...profile, lastName: 'Twice' }, key)])
    expect(await version()).toBe(before + 1)
    for (const answer of both) {
      if (answer.status === 200) expect(answer.body.responseData.lastName).toBe('Twice')
      else expect([answer.status, answer.body.responseCode]).toEqual([409, 144])
    }
  })

  it('the same key with another body, or on another call, answers 422 with the catalogue message (143) and changes nothing', async () => {
    const key = randomUUID()
    expect((await update({ ...profile, lastName: 'First' }, key)).body.responseCode).toBe(200)
    const before = await version()
    const other = await update({ ...profile, lastName: 'Other' }, key, 'ar-EG')
    expect(other.status).toBe(422)
    expect(other.body).toEqual({ responseCode: 143, responseData: null, responseMessage: 'مفتاح الطلب هذا استُخدم من قبل لطلب مختلف.', validationList: [] })
    const elsewhere = await call(
      base,
      'POST',
      '/api/Account/ChangePassword',
      { oldPassword: 'x', newPassword: 'y', confirmPassword: 'y' },
      { token, idempotencyKey: key },
    )
    expect([elsewhere.status, elsewhere.body.responseCode, elsewhere.body.responseMessage]).toEqual([
      422,
      143,
      'This request key was already used for a different request.',
    ])
    expect(await version()).toBe(before)
  })

  it('a key is bound to the account: the same key from another teacher is a new request', async () => {
    const key = randomUUID()
    expect((await update({ ...profile, lastName: 'Mine' }, key)).body.responseCode).toBe(200)
    const other = (await signedIn(base, accounts.teacher2)).accessToken
    const answer = await call<UserInfo>(
      base,
      'POST',
      '/api/Account/UpdateProfile',
      { ...profile, firstName: 'Khaled', lastName: 'Salem', email: accounts.teacher2.email },
      { token: other, idempotencyKey: key },
    )
    expect(answer.body.responseData.email).toBe(accounts.teacher2.email)
  })

  it('keys over 200 characters are refused with 105, not cut; 200 characters are accepted', async () => {
    const before = await version()
    const long = 'k'.repeat(201)
    const refused = await update({ ...profile, lastName: 'Long' }, long)
    expect([refused.status, refused.body.responseCode, refused.body.validationList[0]?.field]).toEqual([400, 105, 'Idempotency-Key'])
    expect(await version()).toBe(before)
    // Cutting would have made these two the same key.
    expect((await update({ ...profile, lastName: 'Exact' }, 'k'.repeat(200))).body.responseCode).toBe(200)
    expect((await update({ ...profile, lastName: 'Exacto' }, `${'k'.repeat(200)}x`)).body.responseCode).toBe(105)
  })

  it('the answer is stored in the same transaction as the effect: when storing it fails, the edit is undone too (a database fault: 500, nothing kept)', async () => {
    await server.db.query(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status IS NOT NULL THEN RAISE EXCEPTION 'no room left for the answer'; END IF; RETURN NEW; END $$`)
    await server.db.query('CREATE TRIGGER refuse_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION refuse_answer()')
    const key = randomUUID()
    const before = await version()
    try {
      const answer = await update({ ...profile, lastName: 'Atomic' }, key)
      // The trigger's exception (SQLSTATE P0001) is not a lost connection: 500, not 503 (server/services/db-errors.ts).
      expect([answer.status, answer.body.responseCode]).toEqual([500, 500])
      expect(await version()).toBe(before)
      expect((await server.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).length).toBe(0)
    } finally {
      await server.db.query('DROP TRIGGER refuse_answer ON idempotency_keys')
      await server.db.query('DROP FUNCTION refuse_answer()')
    }
    // The retry then applies it, once.
    expect((await update({ ...profile, lastName: 'Atomic' }, key)).body.responseData.lastName).toBe('Atomic')
    expect(await version()).toBe(before + 1)
  })

  it('a refused request frees its key: the repeat runs again', async () => {
    const key = randomUUID()
    expect((await update({ ...profile, firstName: '' }, key)).body.responseCode).toBe(105)
    expect((await server.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).length).toBe(0)
    expect((await update({ ...profile, firstName: '' }, key)).body.responseCode).toBe(105)
  })

  it('a key claimed by a request still running answers "in progress"; one left behind by a dead process is taken over after a minute', async () => {
    const key = randomUUID()
    const body = { ...profile, lastName: 'Claimed' }
    const path = '/api/Account/UpdateProfile'
    const fingerprint = requestFingerprint('POST', path, new TextEncoder().encode(JSON.stringify(body)))
    await server.db.query('INSERT INTO idempotency_keys (scope, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)', [
      `user:${userId}`,
      key,
      'POST',
      path,
      fingerprint,
    ])
    const before = await version()
    const running = await update(body, key)
    expect([running.status, running.body.responseCode, running.body.responseMessage]).toEqual([
      409,
      144,
      'This request is still being processed. Please try again shortly.',
    ])
    expect(await version()).toBe(before)
    await server.db.query(`UPDATE idempotency_keys SET claimed_at = now() - interval '61 seconds' WHERE key = $1`, [key])
    const taken = await update(body, key)
    expect(taken.body.responseData.lastName).toBe('Claimed')
    expect(await version()).toBe(before + 1)
  })

  it('keys expire after 24 hours: an old key is a new request, and pruning removes it', async () => {
    const key = randomUUID()
    expect((await update({ ...profile, lastName: 'Yesterday' }, key)).body.responseCode).toBe(200)
    await server.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key])
    const today = await update({ ...profile, lastName: 'Today' }, key)
    expect(today.body.responseData.lastName).toBe('Today')
    expect(today.headers.get('idempotent-replayed')).toBeNull()
  })

  it("sign-in answers are never stored or replayed: a second person at the same address cannot get a teacher's tokens by her key", async () => {
    const key = randomUUID()
    const teacher = await login(base, accounts.teacher, { idempotencyKey: key })
    expect(teacher.body.responseCode).toBe(200)
    // Same address, same key, no password: a refusal, not her tokens.
    const intruder = await call<LoginData>(
      base,
      'POST',
      '/api/Auth/Login',
      { email: accounts.teacher.email, password: 'guess', ...webClient },
      { idempotencyKey: key },
    )
    expect(intruder.body.responseCode).toBe(116)
    expect(JSON.stringify(intruder.body)).not.toContain(teacher.body.responseData.refreshToken)
    // Even the very same request signs in afresh (new tokens), nothing is replayed.
    const again = await login(base, accounts.teacher, { idempotencyKey: key })
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(again.body.responseData.refreshToken).not.toBe(teacher.body.responseData.refreshToken)
    const refreshed = await call<LoginData>(
      base,
      'POST',
      '/api/Auth/Refresh',
      { token: null, refreshToken: again.body.responseData.refreshToken, ...webClient },
      { idempotencyKey: key },
    )
    const replay = await call<LoginData>(
      base,
      'POST',
      '/api/Auth/Refresh',
      { token: null, refreshToken: again.body.responseData.refreshToken, ...webClient },
      { idempotencyKey: key },
    )
    expect(refreshed.body.responseCode).toBe(200)
    expect(replay.body.responseCode).toBe(109)
    expect((await server.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).length).toBe(0)
  })

  it('signed out, a key is bound to the address: sign-out is stored and replayed', async () => {
    const session = await signedIn(base, accounts.teacher2)
    const key = randomUUID()
    const first = await call(base, 'POST', '/api/Auth/Logout', { refreshToken: session.refreshToken, ...webClient }, { idempotencyKey: key })
    const second = await call(base, 'POST', '/api/Auth/Logout', { refreshToken: session.refreshToken, ...webClient }, { idempotencyKey: key })
    expect(first.body.responseCode).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect((await server.db.query<{ scope: string }>('SELECT scope FROM idempotency_keys WHERE key = $1', [key]))[0]!.scope).toMatch(/^address:/)
  })
})
