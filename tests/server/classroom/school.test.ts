import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../../../plugins/classroom/contract/class-room.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn } from '../support/http.ts'

describe.each(testDatabases)('school service and system calls on $name', (database) => {
  let server: StartedServer
  let base: string
  let teacher: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    teacher = (await signedIn(base, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  const classRooms = (token: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<ClassRoom[]>(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token, language })

  it("lists the teacher's class rooms with name, division and educational stage, in both languages", async () => {
    const english = await classRooms(teacher)
    expect(english.body.responseData).toEqual([
      { classRoomId: expect.any(Number), name: 'Grade 4', division: 'A', educationalStage: 'Primary' },
      { classRoomId: expect.any(Number), name: 'Grade 4', division: 'B', educationalStage: 'Primary' },
      { classRoomId: expect.any(Number), name: 'Grade 7', division: 'A', educationalStage: 'Preparatory' },
    ])
    const arabic = await classRooms(teacher, 'ar-EG')
    expect(arabic.body.responseData[0]).toMatchObject({ name: 'الصف الرابع', division: 'أ', educationalStage: 'الابتدائية' })
  })

  it('each demo class room has about 25 students, each with a parent', async () => {
    const rows = await server.db.query<{ students: number; parents: number }>(
      'SELECT count(*)::int AS students, count(DISTINCT parent_id)::int AS parents FROM students GROUP BY class_room_id',
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const row of rows) expect(row).toEqual({ students: 25, parents: 25 })
  })

  it('answers the subjects of a class room the teacher teaches', async () => {
    const [room] = (await classRooms(teacher)).body.responseData
    const subjects = await call<Subject[]>(base, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.classRoomId}`, undefined, {
      token: teacher,
    })
    expect(subjects.body.responseData.map((subject) => subject.name)).toEqual(['Arabic', 'English', 'Mathematics', 'Science', 'Religious Education', 'Art'])
  })

  it("answers 404 for a class room that is not the teacher's", async () => {
    const [other] = await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE division_en = 'Science / 1'`)
    const answer = await call(base, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${other!.id}`, undefined, { token: teacher })
    expect(answer.status).toBe(404)
    expect(answer.body.responseCode).toBe(404)
  })

  it('answers an empty list for a class room she teaches that has no subjects yet', async () => {
    const [me] = await server.db.query<{ id: string; school_id: number }>(`SELECT id, school_id FROM users WHERE email = $1`, [accounts.teacher.email])
    const [room] = await server.db.query<{ id: number }>(
      `INSERT INTO class_rooms (school_id, stage_id, name_en, name_ar, division_en, division_ar)
       SELECT $1, stage_id, 'Grade 4', 'الصف الرابع', 'Empty', 'فارغ' FROM class_rooms WHERE school_id = $1 LIMIT 1 RETURNING id`,
      [me!.school_id],
    )
    await server.db.query('INSERT INTO class_room_teachers (teacher_id, class_room_id, school_id) VALUES ($1, $2, $3)', [me!.id, room!.id, me!.school_id])
    try {
      const answer = await call<Subject[]>(base, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.id}`, undefined, { token: teacher })
      expect(answer.status).toBe(200)
      expect(answer.body.responseData).toEqual([])
    } finally {
      await server.db.query('DELETE FROM class_room_teachers WHERE class_room_id = $1', [room!.id])
      await server.db.query('DELETE FROM class_rooms WHERE id = $1', [room!.id])
    }
  })

  it('answers 403 to an admin asking for a teacher list, 401 without a token', async () => {
    const admin = await signedIn(base, accounts.admin)
    expect((await classRooms(admin.accessToken)).status).toBe(403)
    expect((await call(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms')).status).toBe(401)
  })

  it('/meta.json answers the version, never cached', async () => {
    const response = await fetch(`${base}/meta.json`)
    expect(await response.json()).toEqual({ version: server.config.version })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('/api/health reports the database; /api/openapi.json describes every call; /api/docs is browsable', async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: database.name, version: server.config.version })
    const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    for (const path of [
      '/api/Auth/Login',
      '/api/Auth/Refresh',
      '/api/Auth/ForgetPassword',
      '/api/Auth/ResetPassword',
      '/api/Account/GetUserInfo',
      '/api/Account/ChangePassword',
      '/school/api/ClassRooms/GetTeacherClassRooms',
      '/school/api/Subjects/GetClassRoomSubjects',
    ])
      expect(openapi.paths).toHaveProperty([path])
    const docs = await fetch(`${base}/api/docs`)
    expect(docs.status).toBe(200)
    expect(await docs.text()).toContain('<html')
  })

  it('an unknown API path answers the 404 envelope in the caller language', async () => {
    const answer = await call(base, 'POST', '/api/Nothing/Here', {}, { language: 'ar-EG' })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ responseCode: 404, responseData: null, responseMessage: 'الصفحة أو الخدمة غير موجودة.', validationList: [] })
  })
})
