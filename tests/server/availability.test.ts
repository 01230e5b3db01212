import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login, signedIn } from './support/http.ts'

describe.each(testDatabases)('an unreachable database answers 503 with the envelope, never a 500, on $name', (database) => {
  let server: StartedServer
  let base: string
  let token: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    token = (await signedIn(base, accounts.teacher)).accessToken
    // The database goes away under a running server (a restart, a dropped connection).
    await server.db.close()
  })
  afterAll(() => server.close())

  it('a signed-out call, a signed-in read, a write with an Idempotency-Key and the health check all answer 503 in the caller language, saying the server (not her network) has trouble', async () => {
    const signIn = await login(base, accounts.teacher, { language: 'ar-EG' })
    expect(signIn.status).toBe(503)
    expect(signIn.body).toEqual({
      responseCode: 503,
      responseData: null,
      responseMessage: 'يواجه الخادم مشكلة الآن. يرجى المحاولة مرة أخرى بعد قليل.',
      validationList: [],
    })
    const read = await call(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token })
    expect([read.status, read.body.responseCode, read.body.responseMessage]).toEqual([503, 503, 'The server is having trouble. Please try again in a moment.'])
    const write = await call(
      base,
      'POST',
      '/api/Account/UpdateProfile',
      { firstName: 'Amira', lastName: 'Hassan', email: accounts.teacher.email, phone: null, preferredLanguage: 'en' },
      { token, idempotencyKey: 'k-503' },
    )
    expect([write.status, write.body.responseCode]).toEqual([503, 503])
    expect((await fetch(`${base}/api/health`)).status).toBe(503)
    // The server itself is still there: the client's own files and unknown paths answer as before.
    expect((await call(base, 'GET', '/api/Nothing')).status).toBe(404)
  })
})

describe.each(testDatabases)(
  'a database error that is not about reaching it answers 500, not 503 (which the outbox would retry for ever), on $name',
  (database) => {
    let server: StartedServer
    let token: string
    beforeAll(async () => {
      server = await database.start()
      token = (await signedIn(server.url, accounts.teacher)).accessToken
      // A rule the handler does not know of: the database refuses the write with SQLSTATE 23514.
      await server.db.query(`ALTER TABLE users ADD CONSTRAINT no_zed CHECK (first_name <> 'Zed')`)
    })
    afterAll(() => server.close())

    it('a CHECK violation answers the 500 envelope in the caller language, an Idempotency-Key is freed, and the server goes on', async () => {
      const profile = { firstName: 'Zed', lastName: 'Hassan', email: accounts.teacher.email, phone: null, preferredLanguage: 'en' }
      const refused = await call(server.url, 'POST', '/api/Account/UpdateProfile', profile, { token, language: 'ar-EG', idempotencyKey: 'k-check' })
      expect(refused.status).toBe(500)
      expect(refused.body).toEqual({ responseCode: 500, responseData: null, responseMessage: 'خطأ داخلي في الخادم.', validationList: [] })
      const read = await call(server.url, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token })
      expect(read.status).toBe(200)
      await server.db.query('ALTER TABLE users DROP CONSTRAINT no_zed')
      const retried = await call(server.url, 'POST', '/api/Account/UpdateProfile', profile, { token, idempotencyKey: 'k-check' })
      expect([retried.status, retried.body.responseCode]).toEqual([200, 200])
    })
  },
)
