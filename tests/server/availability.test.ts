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

  it('a signed-out call, a signed-in read, a write with an Idempotency-Key and the health check all answer 503 in the caller language', async () => {
    const signIn = await login(base, accounts.teacher, { language: 'ar-EG' })
    expect(signIn.status).toBe(503)
    expect(signIn.body).toEqual({ responseCode: 503, responseData: null, responseMessage: 'لا يوجد اتصال بالإنترنت، يرجى المحاولة مرة أخرى!', validationList: [] })
    const read = await call(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token })
    expect([read.status, read.body.responseCode, read.body.responseMessage]).toEqual([503, 503, 'No internet connection, please try again!'])
    const write = await call(base, 'POST', '/api/Account/UpdateProfile', { firstName: 'Amira', lastName: 'Hassan', email: accounts.teacher.email, phone: null, preferredLanguage: 'en' }, { token, idempotencyKey: 'k-503' })
    expect([write.status, write.body.responseCode]).toEqual([503, 503])
    expect((await fetch(`${base}/api/health`)).status).toBe(503)
    // The server itself is still there: the client's own files and unknown paths answer as before.
    expect((await call(base, 'GET', '/api/Nothing')).status).toBe(404)
  })
})
