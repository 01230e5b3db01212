import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course } from '../../../plugins/courses/contract/courses-api.ts'
import { schoolToday } from '../../../plugins/courses/contract/courses.ts'
import type { StudentCourse } from '../../../plugins/courses/contract/student-courses-api.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn, type CallOptions } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { secondSchool, seedSecondSchool, type SecondSchool } from '../support/second-school.ts'
import { classRoomOf, pdf, png, secondSchoolStudent, seedSecondSchoolStudent, subjectOf, uploaded } from './course-people.ts'

const api = '/school/api'
const dayMs = 24 * 60 * 60 * 1000

/** The first instant of `day` in the school's time zone: the first quarter hour from 14 hours before UTC's midnight on which the school's date is `day`. */
const schoolMidnight = (day: string) => {
  let instant = Date.parse(`${day}T00:00:00Z`) - 14 * 60 * 60 * 1000
  while (schoolToday(instant) !== day) instant += 15 * 60 * 1000
  return instant
}

describe.each(testDatabases)("a teacher's course reaches the students of its audience from its release date on, on $name", (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  const time = manualClock()
  const root = mkdtempSync(join(tmpdir(), 'fasl-student-courses-'))
  const tokens = { teacher: '', teacher2: '', student: '', student2: '', secondTeacher: '', secondStudent: '' }
  let mathematics: number
  let rooms: { student: number; student2: number }

  const signInEveryone = async () => {
    for (const [name, account] of [
      ['teacher', accounts.teacher],
      ['teacher2', accounts.teacher2],
      ['student', accounts.student],
      ['student2', accounts.student2],
      ['secondTeacher', secondSchool.teacher],
      ['secondStudent', secondSchoolStudent],
    ] as const)
      tokens[name] = (await signedIn(base, account)).accessToken
  }

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock, fileStore: diskFileStore(root) })
    base = server.url
    second = await seedSecondSchool(server.db)
    await seedSecondSchoolStudent(server.db, second)
    await signInEveryone()
    mathematics = await subjectOf(server.db, 'Mathematics')
    rooms = { student: await classRoomOf(server.db, accounts.student.email), student2: await classRoomOf(server.db, accounts.student2.email) }
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const get = <T>(path: string, token: string, options: CallOptions = {}) => call<T>(base, 'GET', api + path, undefined, { token, ...options })
  const post = <T>(path: string, body: unknown, token: string) => call<T>(base, 'POST', api + path, body, { token })
  const myCourses = async (token: string) => (await get<StudentCourse[]>('/Student/GetMyCourses', token)).body.responseData.map((course) => course.id)
  const created = async (input: { title: string; releaseDate: string; classRoomIds: number[]; files?: number }) => {
    const attachmentIds = [await uploaded(base, tokens.teacher, pdf, 'lesson.pdf')]
    for (let i = 1; i < (input.files ?? 1); i++)
      attachmentIds.push(await uploaded(base, tokens.teacher, i === 1 ? await png() : pdf, `part ${i}.${i === 1 ? 'png' : 'pdf'}`))
    const answer = await post<Course>('/Courses/Create', { subjectId: mathematics, description: 'Read before class.', attachmentIds, ...input }, tokens.teacher)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }

  it('a course with three files released today: its class reads it, with its teacher, and downloads each file under its name', async () => {
    const course = await created({ title: 'Fractions, week 3', releaseDate: schoolToday(time.clock.now()), classRoomIds: [rooms.student], files: 3 })
    expect(course.released).toBe(true)
    expect(await myCourses(tokens.student)).toContain(course.id)
    const read = await get<StudentCourse>(`/Student/GetMyCourse?CourseID=${course.id}`, tokens.student)
    expect(read.status).toBe(200)
    expect(read.body.responseData).toMatchObject({ id: course.id, title: 'Fractions, week 3', subjectName: 'Mathematics', teacherName: 'Amira Hassan' })
    expect(read.body.responseData.attachments.map((file) => file.fileName)).toEqual(['lesson.pdf', 'part 1.png', 'part 2.pdf'])
    const arabic = await get<StudentCourse>(`/Student/GetMyCourse?CourseID=${course.id}`, tokens.student, { language: 'ar-EG' })
    expect(arabic.body.responseData.subjectName).toBe('الرياضيات')
    for (const file of read.body.responseData.attachments) {
      const download = await fetch(base + file.url)
      expect(download.status).toBe(200)
      expect(new Uint8Array(await download.arrayBuffer()).length).toBe(file.size)
      expect(download.headers.get('content-disposition')).toContain(encodeURIComponent(file.fileName.replace(/\.[^.]+$/, '')))
    }
    // The link is the file's only key: without its signature the same path is refused.
    expect((await fetch(base + read.body.responseData.attachments[0]!.url.split('?')[0]!)).status).toBe(403)
  })

  it("refuses the course to another room's student, another school's student, and teachers (404), and lists it to none of them", async () => {
    const course = await created({ title: 'Fractions, week 4', releaseDate: schoolToday(time.clock.now()), classRoomIds: [rooms.student] })
    // Grade 4 B is also the teacher's, with Mathematics: not in this course's audience.
    for (const token of [tokens.student2, tokens.secondStudent]) {
      expect(await myCourses(token)).not.toContain(course.id)
      const answer = await get(`/Student/GetMyCourse?CourseID=${course.id}`, token)
      expect(answer.status).toBe(404)
      expect(answer.body.responseCode).toBe(404)
    }
    // The second school's student reads her own school's courses only; this school's student not hers.
    const theirs = await uploaded(base, tokens.secondTeacher, pdf, 'their.pdf')
    const secondCourse = await post<Course>(
      '/Courses/Create',
      {
        subjectId: second.subjectId,
        classRoomIds: [second.classRoomId],
        title: 'Rivers',
        releaseDate: schoolToday(time.clock.now()),
        description: 'Maps.',
        attachmentIds: [theirs],
      },
      tokens.secondTeacher,
    )
    expect(secondCourse.status, JSON.stringify(secondCourse.body)).toBe(200)
    expect(await myCourses(tokens.secondStudent)).toEqual([secondCourse.body.responseData.id])
    expect((await get(`/Student/GetMyCourse?CourseID=${secondCourse.body.responseData.id}`, tokens.student)).status).toBe(404)
    expect(await myCourses(tokens.student)).not.toContain(secondCourse.body.responseData.id)
    // Ids that are no course at all read the same.
    expect((await get('/Student/GetMyCourse?CourseID=2147483647', tokens.student)).status).toBe(404)
  })

  it("a student's token is refused every teacher call (403), a teacher's every student call (403), and no token any (401)", async () => {
    const course = await created({ title: 'Fractions, week 5', releaseDate: schoolToday(time.clock.now()), classRoomIds: [rooms.student] })
    const teacherCalls = [
      () => get('/Courses/GetTeacherSubjects', tokens.student),
      () => get('/Courses/GetTeacherCourses', tokens.student),
      () => get(`/Courses/GetCourse?CourseID=${course.id}`, tokens.student),
      () => post('/Courses/Delete', { id: course.id }, tokens.student),
      () =>
        post(
          '/Courses/Update',
          {
            id: course.id,
            subjectId: mathematics,
            classRoomIds: [rooms.student2],
            title: 'Mine',
            releaseDate: '2026-01-01',
            description: 'x',
            attachmentIds: [1],
          },
          tokens.student,
        ),
      () => call(base, 'POST', `${api}/Courses/UploadAttachment?FileName=a.pdf`, pdf, { token: tokens.student }),
    ]
    for (const attempt of teacherCalls) expect((await attempt()).status).toBe(403)
    for (const token of [tokens.teacher, tokens.teacher2, tokens.secondTeacher]) {
      expect((await get('/Student/GetMyCourses', token)).status).toBe(403)
      expect((await get(`/Student/GetMyCourse?CourseID=${course.id}`, token)).status).toBe(403)
    }
    expect((await call(base, 'GET', `${api}/Student/GetMyCourses`)).status).toBe(401)
    // Nothing the student tried changed the course.
    expect((await get<Course>(`/Courses/GetCourse?CourseID=${course.id}`, tokens.teacher)).body.responseData.classRooms.map((room) => room.id)).toEqual([
      rooms.student,
    ])
  })

  it("a course is released at 00:00 of its date in the school's time zone, whatever the student's offset header says", async () => {
    const tomorrow = schoolToday(time.clock.now() + dayMs)
    const course = await created({ title: 'Fractions, week 6', releaseDate: tomorrow, classRoomIds: [rooms.student] })
    expect(course.released).toBe(false)
    const midnight = schoolMidnight(tomorrow)
    // The school's day does not start at UTC's midnight (Cairo is two or three hours ahead).
    expect(midnight).not.toBe(Date.parse(`${tomorrow}T00:00:00Z`))
    time.advance(midnight - 1000 - time.clock.now())
    await signInEveryone()
    for (const offset of ['0', '14', '-12']) {
      expect(await myCourses(tokens.student)).not.toContain(course.id)
      expect((await get(`/Student/GetMyCourse?CourseID=${course.id}`, tokens.student, { headers: { 'x-timezone-offset': offset } })).status).toBe(404)
    }
    time.advance(1000)
    expect(await myCourses(tokens.student)).toContain(course.id)
    expect((await get(`/Student/GetMyCourse?CourseID=${course.id}`, tokens.student)).status).toBe(200)
    expect((await get<Course>(`/Courses/GetCourse?CourseID=${course.id}`, tokens.teacher)).body.responseData.released).toBe(true)
    // Still hidden from the room it was not given to.
    expect(await myCourses(tokens.student2)).not.toContain(course.id)
  })

  it('changing the audience moves the course: the room taken off loses it at once, the room added gets it', async () => {
    const course = await created({ title: 'Fractions, week 7', releaseDate: schoolToday(time.clock.now()), classRoomIds: [rooms.student] })
    const { id, subjectId, title, releaseDate, description, attachments } = course
    const moved = await post<Course>(
      '/Courses/Update',
      { id, subjectId, title, releaseDate, description, classRoomIds: [rooms.student2], attachmentIds: attachments.map((file) => file.id) },
      tokens.teacher,
    )
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await myCourses(tokens.student)).not.toContain(id)
    expect((await get(`/Student/GetMyCourse?CourseID=${id}`, tokens.student)).status).toBe(404)
    expect(await myCourses(tokens.student2)).toContain(id)
    // A link a student was handed serves the file until the course is deleted, then nothing.
    const link = (await get<StudentCourse>(`/Student/GetMyCourse?CourseID=${id}`, tokens.student2)).body.responseData.attachments[0]!.url
    expect((await fetch(base + link)).status).toBe(200)
    expect((await post('/Courses/Delete', { id }, tokens.teacher)).body.responseCode).toBe(200)
    expect(await myCourses(tokens.student2)).not.toContain(id)
    expect((await fetch(base + link)).status).toBe(404)
  })
})
