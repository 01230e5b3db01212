import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../contracts/audit.ts'
import type { OutboxMessage, Subject } from '../../contracts/entities.ts'
import type { ClassRoom } from '../../plugins/classroom/contract/class-room.ts'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { schoolOwnedTables } from '../../server/features.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, forgotPasswordMailWritten, signedIn } from './support/http.ts'
import { pngOfSize } from './support/images.ts'
import { secondSchool, seedSecondSchool, type SecondSchool } from './support/second-school.ts'
import { tenancyProblem, type Statement } from './support/tenancy-check.ts'

describe('the tenancy check itself', () => {
  it('flags a statement on a school-owned table without a school filter, and one bound to another school', () => {
    expect(tenancyProblem({ sql: 'SELECT * FROM outbox ORDER BY id', params: [] }, 1)).toMatch(/no school filter/)
    expect(tenancyProblem({ sql: 'SELECT * FROM users WHERE id = $1 AND school_id = $2', params: ['x', 2] }, 1)).toMatch(/another school/)
    expect(tenancyProblem({ sql: 'INSERT INTO outbox (recipient) VALUES ($1)', params: ['a'] }, 1)).toMatch(/without school_id/)
    expect(tenancyProblem({ sql: '/* across schools: because */ SELECT * FROM users', params: [] }, 1)).toMatch(/unlisted/)
    expect(tenancyProblem({ sql: 'SELECT * FROM users WHERE id = $1 AND school_id = $2', params: ['x', 1] }, 1)).toBeNull()
    expect(tenancyProblem({ sql: 'SELECT * FROM session_families WHERE user_id = $1', params: ['x'] }, 1)).toBeNull()
    // A feature's own tables (its ownedTables) are watched as the core's are.
    expect(tenancyProblem({ sql: 'SELECT * FROM answer_files f JOIN homework h ON h.id = f.homework_id', params: [] }, 1)).toMatch(/no school filter/)
    expect(tenancyProblem({ sql: 'UPDATE course_attachments SET course_id = $1', params: [1] }, 1)).toMatch(/no school filter/)
  })

  it('watches every table that has school_id: the core and each feature declare all their school-owned tables', async () => {
    const server = await testDatabases[0]!.start()
    try {
      const withSchool = await server.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns WHERE column_name = 'school_id' AND table_schema = current_schema()`,
      )
      expect(withSchool.map((row) => row.table_name).sort()).toEqual([...schoolOwnedTables].sort())
    } finally {
      await server.close()
    }
  })
})

describe.each(testDatabases)('every read and write is scoped to the caller school on $name', (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  let firstSchoolId: number
  let firstTeacherId: string
  let firstClassRoomId: number
  let otherTeachersClassRoomId: number
  const tokens: Record<'admin' | 'teacher' | 'teacher2' | 'secondAdmin' | 'secondTeacher', string> = {
    admin: '',
    teacher: '',
    teacher2: '',
    secondAdmin: '',
    secondTeacher: '',
  }
  let recording: Statement[] | null = null

  beforeAll(async () => {
    server = await database.start({}, { onStatement: (sql, params) => recording?.push({ sql, params }) })
    base = server.url
    second = await seedSecondSchool(server.db)
    const [teacher] = await server.db.query<{ id: string; school_id: number }>(`SELECT id, school_id FROM users WHERE email = 'teacher@fasl.school'`)
    firstTeacherId = teacher!.id
    firstSchoolId = teacher!.school_id
    firstClassRoomId = (
      await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE school_id = $1 AND division_en = 'A' ORDER BY id LIMIT 1`, [firstSchoolId])
    )[0]!.id
    otherTeachersClassRoomId = (await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE division_en = 'Science / 1'`))[0]!.id
    tokens.admin = (await signedIn(base, accounts.admin)).accessToken
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.teacher2 = (await signedIn(base, accounts.teacher2)).accessToken
    tokens.secondAdmin = (await signedIn(base, secondSchool.admin)).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    // A reset mail of the first school: its link must stay out of the second school's reach.
    await call(base, 'POST', '/api/Auth/ForgetPassword', { email: accounts.teacher.email, ...webClient })
    await forgotPasswordMailWritten()
  })
  afterAll(() => server.close())

  /** Runs `work` as a caller of `schoolId`, then checks every statement it made filtered by that school. */
  const scoped = async <T>(schoolId: number, work: () => Promise<T>): Promise<T> => {
    recording = []
    try {
      return await work()
    } finally {
      const statements = recording
      recording = null
      expect(statements.length).toBeGreaterThan(0)
      expect(statements.map((statement) => tenancyProblem(statement, schoolId)).filter((problem) => problem !== null)).toEqual([])
    }
  }

  const outbox = (token: string, recipient?: string) =>
    call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox${recipient === undefined ? '' : `?recipient=${encodeURIComponent(recipient)}`}`, undefined, { token })
  const subjects = (token: string, classRoomId: number) =>
    call<Subject[]>(base, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${classRoomId}`, undefined, { token })
  const autoLoginLink = (token: string, userId: string) => call<{ link: string }>(base, 'POST', '/api/Auth/CreateAutoLoginLink', { userId }, { token })

  it("another school's admin reads only her own school's outbox: no reset link of the first school", async () => {
    const answer = await scoped(second.schoolId, () => outbox(tokens.secondAdmin))
    expect(answer.status).toBe(200)
    expect(answer.body.responseData.map((mail) => mail.subject)).toEqual(['Second school mail'])
    const asked = await scoped(second.schoolId, () => outbox(tokens.secondAdmin, accounts.teacher.email))
    expect(asked.body.responseData).toEqual([])
    const own = await scoped(firstSchoolId, () => outbox(tokens.admin))
    expect(own.body.responseData.map((mail) => mail.recipient)).toContain(accounts.teacher.email)
    expect(own.body.responseData.map((mail) => mail.subject)).not.toContain('Second school mail')
  })

  it("another school's admin reads only her own school's audit log, by statements bound to her school", async () => {
    const log = (token: string) => call<AuditEntry[]>(base, 'GET', '/api/Admin/AuditLog?limit=200', undefined, { token })
    // Her first reading is itself an entry of her school, which the second one reads.
    expect((await scoped(second.schoolId, () => log(tokens.secondAdmin))).status).toBe(200)
    const theirs = await scoped(second.schoolId, () => log(tokens.secondAdmin))
    expect(theirs.body.responseData.map((entry) => entry.kind)).toContain('audit-log-read')
    const secondSchoolEntries = new Set(
      (await server.db.query<{ id: number }>('SELECT id FROM audit_log WHERE school_id = $1', [second.schoolId])).map((row) => row.id),
    )
    expect(theirs.body.responseData.every((entry) => secondSchoolEntries.has(entry.id))).toBe(true)
    expect((await scoped(firstSchoolId, () => log(tokens.admin))).body.responseData.some((entry) => secondSchoolEntries.has(entry.id))).toBe(false)
  })

  it("another school's admin cannot issue a sign-in link for a first-school account (104), nor the other way round", async () => {
    const refused = await scoped(second.schoolId, () => autoLoginLink(tokens.secondAdmin, firstTeacherId))
    expect(refused.status).toBe(400)
    expect(refused.body.responseCode).toBe(104)
    expect((await scoped(firstSchoolId, () => autoLoginLink(tokens.admin, second.teacherId))).body.responseCode).toBe(104)
    // Her own school's teacher: allowed.
    expect((await scoped(second.schoolId, () => autoLoginLink(tokens.secondAdmin, second.teacherId))).body.responseCode).toBe(200)
  })

  it("a teacher reads the subjects of her own class rooms only: not another school's, not another teacher's (404)", async () => {
    expect((await scoped(second.schoolId, () => subjects(tokens.secondTeacher, firstClassRoomId))).status).toBe(404)
    expect((await scoped(firstSchoolId, () => subjects(tokens.teacher, second.classRoomId))).status).toBe(404)
    expect((await scoped(firstSchoolId, () => subjects(tokens.teacher2, otherTeachersClassRoomId))).status).toBe(404)
    const own = await scoped(second.schoolId, () => subjects(tokens.secondTeacher, second.classRoomId))
    expect(own.body.responseData.map((subject) => subject.name)).toEqual(['Geography'])
  })

  it("every chapters, topics and semesters call reads and writes the caller school only, for her own ids and for the other school's", async () => {
    const school =
      (schoolId: number, token: string) =>
      async <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
        (
          await scoped(schoolId, () =>
            call<T>(base, method, `/school/api${path}`, body, { token, idempotencyKey: method === 'POST' ? randomUUID() : undefined }),
          )
        ).body
    const secondTeacher = school(second.schoolId, tokens.secondTeacher)
    const firstTeacher = school(firstSchoolId, tokens.teacher)
    const [semester] = (
      await secondTeacher<Array<{ id: number }>>('GET', `/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${second.classRoomId}`)
    ).responseData
    const chapter = (
      await secondTeacher<{ id: number }>('POST', '/Chapters/CreateChapter', { subjectId: second.subjectId, semesterId: semester!.id, name: 'Maps' })
    ).responseData
    const topic = (await secondTeacher<{ id: number }>('POST', '/Topics/Create', { chapterId: chapter.id, name: 'Scale' })).responseData
    expect((await secondTeacher('POST', '/Chapters/Update', { id: chapter.id, name: 'Map reading' })).responseCode).toBe(200)
    expect((await secondTeacher('POST', '/Topics/Update', { id: topic.id, name: 'Scales' })).responseCode).toBe(200)
    expect((await secondTeacher('GET', `/Topics/List?ChapterID=${chapter.id}`)).responseCode).toBe(200)
    expect((await secondTeacher('GET', `/Chapters/List?SubjectID=${second.subjectId}&SemesterID=${semester!.id}`)).responseCode).toBe(200)
    expect((await secondTeacher('GET', `/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${second.subjectId}`)).responseCode).toBe(200)
    // The first school's teacher with the second school's ids: refused, by statements bound to her own school.
    expect((await firstTeacher('GET', `/Topics/List?ChapterID=${chapter.id}`)).responseCode).toBe(404)
    expect((await firstTeacher('POST', '/Topics/Delete', { id: topic.id })).responseCode).toBe(404)
    expect((await firstTeacher('POST', '/Chapters/Delete', { id: chapter.id })).responseCode).toBe(404)
    expect((await secondTeacher('POST', '/Topics/Delete', { id: topic.id })).responseCode).toBe(200)
    expect((await secondTeacher('POST', '/Chapters/Delete', { id: chapter.id })).responseCode).toBe(200)
  })

  it("a teacher's class-room list and profile come from her own school", async () => {
    const rooms = await scoped(second.schoolId, () =>
      call<ClassRoom[]>(base, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token: tokens.secondTeacher }),
    )
    expect(rooms.body.responseData.map((room) => `${room.name} ${room.division}`)).toEqual(['Grade 5 C'])
    const profile = { firstName: 'Omar', lastName: 'Second', email: secondSchool.teacher.email, phone: null, preferredLanguage: 'ar' }
    const updated = await scoped(second.schoolId, () =>
      call(base, 'POST', '/api/Account/UpdateProfile', profile, { token: tokens.secondTeacher, idempotencyKey: 'tenancy-1' }),
    )
    expect(updated.body.responseCode).toBe(200)
    expect(
      (await scoped(second.schoolId, () => call(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: tokens.secondTeacher }))).body.responseCode,
    ).toBe(200)
    const png = await pngOfSize()
    expect(
      (await scoped(second.schoolId, () => call(base, 'POST', '/api/Account/UploadProfileImage', png, { token: tokens.secondTeacher }))).body.responseCode,
    ).toBe(200)
    const passwords = { oldPassword: secondSchool.teacher.password, newPassword: 'Second#2027', confirmPassword: 'Second#2027' }
    expect(
      (
        await scoped(second.schoolId, () =>
          call(base, 'POST', '/api/Account/ChangePassword', passwords, { token: tokens.secondTeacher, idempotencyKey: 'tenancy-2' }),
        )
      ).body.responseCode,
    ).toBe(200)
  })
})
