import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import { webClient } from '../../../contracts/settings.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, login, signedIn, type LoginData } from '../support/http.ts'
import { operationsOf, resolver, sampleOf, type OpenApiDocument } from '../support/openapi-operations.ts'

describe.each(testDatabases)('student accounts on $name', (database) => {
  let server: StartedServer
  let base: string

  beforeAll(async () => {
    server = await database.start()
    base = server.url
  })
  afterAll(() => server.close())

  it("the demo students are linked to their rows: student@ in Grade 4 A (the teacher's), student2@ in Grade 4 B (teacher2's)", async () => {
    const rows = await server.db.query<{ email: string; user_type: string; name: string; division: string; teachers: string }>(
      `SELECT u.email, u.user_type, st.name_en AS name, c.division_en AS division,
              (SELECT string_agg(t.email, ',' ORDER BY t.email) FROM class_room_teachers ct JOIN users t ON t.id = ct.teacher_id WHERE ct.class_room_id = c.id) AS teachers
         FROM users u JOIN students st ON st.user_id = u.id JOIN class_rooms c ON c.id = st.class_room_id
        WHERE u.email IN ('student@fasl.school', 'student2@fasl.school') ORDER BY u.email`,
    )
    expect(rows.map(({ email, user_type, division }) => [email, user_type, division])).toEqual([
      ['student2@fasl.school', 'Student', 'B'],
      ['student@fasl.school', 'Student', 'A'],
    ])
    expect(rows[1]!.teachers.split(',')).toContain('teacher@fasl.school')
    expect(rows[0]!.teachers.split(',')).toContain('teacher2@fasl.school')
    // Her account carries her name as the class list shows it.
    expect(rows[1]!.name.startsWith((await signedIn(base, accounts.student)).name.split(' ')[0]!)).toBe(true)
  })

  it('a student signs in, refreshes and reads her own profile', async () => {
    const signIn = await login(base, accounts.student)
    expect(signIn.status).toBe(200)
    const data = signIn.body.responseData
    expect(data).toMatchObject({ userType: 'Student', roles: [], accessToken: expect.any(String), refreshToken: expect.any(String) })
    const info = await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: data.accessToken })
    expect(info.body.responseData).toMatchObject({ email: accounts.student.email, userType: 'Student' })
    const refreshed = await call<LoginData>(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken: data.refreshToken, ...webClient })
    expect(refreshed.body.responseCode).toBe(200)
    expect(refreshed.body.responseData.refreshToken).not.toBe(data.refreshToken)
    const again = await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: refreshed.body.responseData.accessToken })
    expect(again.body.responseData.userType).toBe('Student')
    // A wrong password is refused as for anyone.
    expect((await login(base, { email: accounts.student.email, password: 'Wrong#2026' })).body.responseCode).toBe(116)
  })

  it('every call declared for other user types refuses a student with 403 and the envelope, whatever its input', async () => {
    const student = (await signedIn(base, accounts.student)).accessToken
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApiDocument
    const resolve = resolver(document)
    const restricted = operationsOf(document).filter((operation) => operation.userTypes !== undefined && !operation.userTypes.includes('Student'))
    expect(restricted.map((operation) => operation.path)).toEqual(
      expect.arrayContaining([
        '/school/api/HomeWork/InsertHomeWork',
        '/school/api/ClassRoom/GetClassRoomStudents',
        '/school/api/Chapters/CreateChapter',
        '/school/api/ClassRooms/GetTeacherClassRooms',
        '/api/Admin/Outbox',
      ]),
    )
    for (const operation of restricted) {
      const query = new URLSearchParams()
      let path = operation.path
      for (const parameter of operation.parameters) {
        const value = String(sampleOf(parameter.schema, resolve))
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value))
        if (parameter.in === 'query' && parameter.required) query.set(parameter.name, value)
      }
      const json = operation.bodies.find((body) => body.contentType === 'application/json')
      const body = json === undefined ? undefined : sampleOf(json.schema, resolve)
      const url = query.size === 0 ? path : `${path}?${query}`
      const answer = await call(base, operation.method, url, operation.method === 'GET' ? undefined : body, { token: student, language: 'ar-EG' })
      expect(answer.status, `${operation.method} ${url}`).toBe(403)
      expect(answer.body).toEqual({
        responseCode: 403,
        responseData: null,
        responseMessage: 'ليس لديك صلاحية الوصول إلى هذه الصفحة أو المورد.',
        validationList: [],
      })
    }
  })

  it('the teachers still sign in as teachers (the new user type changed nothing for them)', async () => {
    expect((await signedIn(base, accounts.teacher)).userType).toBe('Teacher')
    expect((await signedIn(base, accounts.teacher2)).userType).toBe('Teacher')
  })
})
