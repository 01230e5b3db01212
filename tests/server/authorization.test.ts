import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpMessages } from '../../contracts/errors.ts'
import type { StartedServer } from '../../server/app.ts'
import { accountStateTtlMs } from '../../server/auth/account-states.ts'
import { testDatabases } from './support/databases.ts'
import { manualClock } from './support/manual-clock.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { operationsOf, resolver, sampleOf, type OpenApiDocument, type Operation } from './support/openapi-operations.ts'
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

  const openapi = async () => (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApiDocument

  /** The call made well-formed (every parameter and body field a value its schema accepts), so only who calls decides. */
  const callWellFormed = (document: OpenApiDocument, operation: Operation, token: string, language: 'en-US' | 'ar-EG' = 'en-US') => {
    const resolve = resolver(document)
    const query = new URLSearchParams(
      operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, String(sampleOf(parameter.schema, resolve))]),
    )
    const json = operation.bodies.find((body) => body.contentType === 'application/json')
    const body = operation.method === 'GET' ? undefined : json === undefined ? {} : sampleOf(json.schema, resolve)
    return call(base, operation.method, query.size === 0 ? operation.path : `${operation.path}?${query.toString()}`, body, {
      token,
      language,
      idempotencyKey: crypto.randomUUID(),
    })
  }

  /** Homework, its correction, and the chapters and topics homework is filed under: the Assignments role's calls. */
  const isAssignmentsCall = (operation: Operation) => /^\/school\/api\/(HomeWork|Chapters|Topics|SemestersConfigurations)\//.test(operation.path)

  it('the OpenAPI document shows the role each teacher call needs (x-fasl-roles)', async () => {
    const document = await openapi()
    const roles = (path: string, method = 'get') => document.paths[path]![method] as { 'x-fasl-roles'?: string[]; 'x-fasl-user-types'?: string[] }
    expect(roles('/school/api/HomeWork/InsertHomeWork', 'post')['x-fasl-roles']).toEqual(['Assignments'])
    expect(roles('/school/api/HomeWork/GetHomeworkSubmissions')['x-fasl-roles']).toEqual(['Assignments'])
    expect(roles('/school/api/Chapters/List')['x-fasl-roles']).toEqual(['Assignments'])
    expect(roles('/school/api/Courses/GetTeacherCourses')).toMatchObject({ 'x-fasl-roles': ['Courses'], 'x-fasl-user-types': ['Teacher'] })
    expect(roles('/school/api/ClassRooms/GetTeacherClassRooms')['x-fasl-roles']).toEqual(['Home', 'Assignments'])
    expect(roles('/school/api/ClassRoom/GetClassRoomStudents')['x-fasl-roles']).toEqual(['Home', 'Assignments'])
    // Every signed-in user's own account, and a student's own homework, need no teacher role.
    expect(roles('/api/Account/GetUserInfo')['x-fasl-roles']).toBeUndefined()
    expect(roles('/school/api/Student/GetMyHomeworks')).toMatchObject({ 'x-fasl-user-types': ['Student'] })
    expect(roles('/school/api/Student/GetMyHomeworks')['x-fasl-roles']).toBeUndefined()
  })

  it('a teacher whose roles lack Assignments (teacher2: Home, Courses, Settings) is refused every homework, correction and chapters call with 403, in her language', async () => {
    const document = await openapi()
    const token = (await signedIn(base, accounts.teacher2)).accessToken
    const assignments = operationsOf(document).filter(isAssignmentsCall)
    expect(assignments.length).toBeGreaterThanOrEqual(25)
    const before = await server.db.query(
      'SELECT (SELECT count(*) FROM homework) AS homework, (SELECT count(*) FROM chapters) AS chapters, (SELECT count(*) FROM topics) AS topics',
    )
    for (const [index, operation] of assignments.entries()) {
      const language = index % 2 === 0 ? 'en-US' : 'ar-EG'
      const answer = await callWellFormed(document, operation, token, language)
      expect(answer.status, `${operation.method} ${operation.path}`).toBe(403)
      expect(answer.body).toMatchObject({ responseCode: 403, responseMessage: httpMessages[403][language === 'en-US' ? 'en' : 'ar'] })
    }
    expect(
      await server.db.query(
        'SELECT (SELECT count(*) FROM homework) AS homework, (SELECT count(*) FROM chapters) AS chapters, (SELECT count(*) FROM topics) AS topics',
      ),
    ).toEqual(before)
    // Her own roles' calls answer: the class rooms and their students (Home), her courses (Courses), her profile.
    const [room] = (await classRooms(token)).body.responseData as Array<{ classRoomId: number }>
    expect((await call(base, 'GET', `/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${room!.classRoomId}`, undefined, { token })).status).toBe(200)
    expect((await call(base, 'GET', '/school/api/Courses/GetTeacherCourses', undefined, { token })).status).toBe(200)
    expect((await call(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })).status).toBe(200)
  })

  it('roles are read from the account as it is now, not from the token: a role taken away in the database counts on the next call after the cache time, one given back too', async () => {
    const teacher = await signedIn(base, accounts.teacher)
    expect(teacher.roles).toEqual([])
    const homeworks = (token: string) => call(base, 'GET', `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${second.classRoomId}`, undefined, { token })
    const courses = (token: string) => call(base, 'GET', '/school/api/Courses/GetTeacherCourses', undefined, { token })
    // An empty list is the default roles, Assignments among them (404: not her class room, past the role check).
    expect((await homeworks(teacher.accessToken)).status).toBe(404)
    try {
      await server.db.query(`UPDATE users SET roles = '["Home","Courses","Settings"]'::jsonb WHERE email = $1`, [accounts.teacher.email])
      time.advance(accountStateTtlMs + 1)
      expect((await homeworks(teacher.accessToken)).status).toBe(403)
      expect((await courses(teacher.accessToken)).status).toBe(200)
      // Role names compare as the client compares them, letter case aside.
      await server.db.query(`UPDATE users SET roles = '["home","assignments"]'::jsonb WHERE email = $1`, [accounts.teacher.email])
      time.advance(accountStateTtlMs + 1)
      expect((await homeworks(teacher.accessToken)).status).toBe(404)
      expect((await courses(teacher.accessToken)).status).toBe(403)
    } finally {
      await server.db.query(`UPDATE users SET roles = '[]'::jsonb WHERE email = $1`, [accounts.teacher.email])
      time.advance(accountStateTtlMs + 1)
    }
    expect((await courses(teacher.accessToken)).status).toBe(200)
  })

  it('a role change counts at once after a change through this server forgets the cached account (a profile update)', async () => {
    const token = (await signedIn(base, accounts.teacher)).accessToken
    const homeworks = () => call(base, 'GET', `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${second.classRoomId}`, undefined, { token })
    expect((await homeworks()).status).toBe(404)
    try {
      await server.db.query(`UPDATE users SET roles = '["Home"]'::jsonb WHERE email = $1`, [accounts.teacher.email])
      const info = (
        await call<{ firstName: string; lastName: string; email: string; phone: string | null }>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })
      ).body.responseData
      const profile = { firstName: info.firstName, lastName: info.lastName, email: info.email, phone: info.phone, preferredLanguage: 'en' }
      expect((await call(base, 'POST', '/api/Account/UpdateProfile', profile, { token })).body.responseCode).toBe(200)
      expect((await homeworks()).status).toBe(403)
    } finally {
      await server.db.query(`UPDATE users SET roles = '[]'::jsonb WHERE email = $1`, [accounts.teacher.email])
      time.advance(accountStateTtlMs + 1)
    }
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
