import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { accountStateTtlMs } from '../../server/auth/account-states.ts'
import { testDatabases } from './support/databases.ts'
import { manualClock } from './support/manual-clock.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { secondSchool, seedSecondSchool, type SecondSchool } from './support/second-school.ts'

describe.each(testDatabases)('authorization declared per endpoint, checked against the account as it is now, on $name', (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  const time = manualClock()
  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    base = server.url
    second = await seedSecondSchool(server.db)
  })
  afterAll(() => server.close())

  const outbox = (token: string) => call(base, 'GET', '/api/Admin/Outbox', undefined, { token })
  const classRooms = (token: string) => call(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token })

  it('the OpenAPI document shows who may call each declared endpoint', async () => {
    const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> }
    expect(openapi.paths['/api/Admin/Outbox']!.get!['x-fasl-user-types']).toEqual(['Admin', 'SuperAdmin'])
    expect(openapi.paths['/api/Auth/CreateAutoLoginLink']!.post!['x-fasl-user-types']).toEqual(['Admin', 'SuperAdmin'])
    expect(openapi.paths['/school/api/ClassRooms/GetTeacherClassRooms']!.get!['x-fasl-user-types']).toEqual(['Teacher'])
  })

  it('a teacher is refused the admin calls (403) and an admin the teacher calls (403), in the caller language', async () => {
    const teacher = (await signedIn(base, accounts.teacher)).accessToken
    const admin = (await signedIn(base, accounts.admin)).accessToken
    expect((await outbox(teacher)).status).toBe(403)
    const link = await call(base, 'POST', '/api/Auth/CreateAutoLoginLink', { userId: second.teacherId }, { token: teacher, language: 'ar-EG' })
    expect(link.status).toBe(403)
    expect(link.body.responseMessage).toBe('ليس لديك صلاحية الوصول إلى هذه الصفحة أو المورد.')
    expect((await classRooms(admin)).status).toBe(403)
  })

  it('a demoted admin is refused with the token she still holds; promoted back, she is let in again', async () => {
    const token = (await signedIn(base, secondSchool.admin)).accessToken
    expect((await outbox(token)).status).toBe(200)
    await server.db.query(`UPDATE users SET user_type = 'Teacher' WHERE id = $1`, [second.adminId])
    time.advance(accountStateTtlMs + 1)
    expect((await outbox(token)).status).toBe(403)
    await server.db.query(`UPDATE users SET user_type = 'Admin' WHERE id = $1`, [second.adminId])
    time.advance(accountStateTtlMs + 1)
    expect((await outbox(token)).status).toBe(200)
  })

  it('a demoted teacher loses the teacher calls at once (after the cache time), token or not', async () => {
    const token = (await signedIn(base, secondSchool.teacher)).accessToken
    expect((await classRooms(token)).status).toBe(200)
    await server.db.query(`UPDATE users SET user_type = 'Admin' WHERE id = $1`, [second.teacherId])
    time.advance(accountStateTtlMs + 1)
    expect((await classRooms(token)).status).toBe(403)
    await server.db.query(`UPDATE users SET user_type = 'Teacher' WHERE id = $1`, [second.teacherId])
  })

  it('a deleted account is signed out (401) although its access token has not expired', async () => {
    const [removed] = await server.db.query<{ id: string }>(
      `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type)
         SELECT gen_random_uuid(), school_id, 'leaving@fasl.school', password_hash, 'Leila', 'Nour', 'Teacher' FROM users WHERE email = $1 RETURNING id`,
      [accounts.teacher.email],
    )
    const token = (await signedIn(base, { email: 'leaving@fasl.school', password: accounts.teacher.password })).accessToken
    expect((await call(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })).status).toBe(200)
    await server.db.query('DELETE FROM refresh_tokens WHERE family_id IN (SELECT id FROM session_families WHERE user_id = $1)', [removed!.id])
    await server.db.query('DELETE FROM session_families WHERE user_id = $1', [removed!.id])
    await server.db.query('DELETE FROM users WHERE id = $1', [removed!.id])
    time.advance(accountStateTtlMs + 1)
    const answer = await classRooms(token)
    expect(answer.status).toBe(401)
    expect(answer.body.responseCode).toBe(401)
  })

  it('an edit made elsewhere is seen once the two-second cache time has passed; a change through this server at once', async () => {
    const token = (await signedIn(base, accounts.teacher2)).accessToken
    expect((await classRooms(token)).status).toBe(200)
    // Changed behind the server's back (another process, or by hand): trusted for at most the cache time.
    await server.db.query(`UPDATE users SET user_type = 'Admin' WHERE email = $1`, [accounts.teacher2.email])
    expect((await classRooms(token)).status).toBe(200)
    time.advance(accountStateTtlMs + 1)
    expect((await classRooms(token)).status).toBe(403)
    await server.db.query(`UPDATE users SET user_type = 'Teacher' WHERE email = $1`, [accounts.teacher2.email])
    time.advance(accountStateTtlMs + 1)
    expect((await classRooms(token)).status).toBe(200)
    // A profile update through this server forgets the cached account: the next call reads it afresh.
    await server.db.query(`UPDATE users SET user_type = 'Admin' WHERE email = $1`, [accounts.teacher2.email])
    const profile = { firstName: 'Khaled', lastName: 'Salem', email: accounts.teacher2.email, phone: null, preferredLanguage: 'en' }
    expect((await call(base, 'POST', '/api/Account/UpdateProfile', profile, { token })).body.responseCode).toBe(200)
    expect((await classRooms(token)).status).toBe(403)
    await server.db.query(`UPDATE users SET user_type = 'Teacher' WHERE email = $1`, [accounts.teacher2.email])
  })
})
