import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ClassRoomHomeworkDetails, HomeworkDetails, HomeworkSaved, HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, expectHomeworkRefused, homeworkTables, homeworkText, questions, recordSubmission, validHomework, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn, type Answer, type CallOptions } from '../support/http.ts'

const api = '/school/api'

describe.each(testDatabases)('homework and quizzes on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  const tokens = { teacher: '' }

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    ids = await demoIds(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())
  // Each test starts without homework, so counts and warnings are its own.
  beforeEach(async () => {
    await server.db.query('DELETE FROM homework')
  })

  const get = <T>(path: string, options: CallOptions = {}) => call<T>(base, 'GET', api + path, undefined, { token: tokens.teacher, ...options })
  const post = <T>(path: string, body: unknown, options: CallOptions = {}) =>
    call<T>(base, 'POST', api + path, body, { token: tokens.teacher, idempotencyKey: randomUUID(), ...options })
  const insert = (body: unknown, options: CallOptions = {}) => post<HomeworkSaved>('/HomeWork/InsertHomeWork', body, options)
  const inserted = async (body: unknown) => {
    const answer = await insert(body)
    expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData.homework
  }
  const forEdit = (id: number) => get<HomeworkDetails>(`/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${id}`)
  const editOf = (homework: HomeworkDetails, changes: Record<string, unknown> = {}) => {
    const { id, version, subjectId, chapterId, topicId, title, text, type, quizMode, questions: asked, totalDegree, startsAt, dueAt, target } = homework
    return { id, version, subjectId, chapterId, topicId, title, text, type, quizMode, questions: asked, totalDegree, startsAt, dueAt, target, ...changes }
  }
  const expectRefused = (send: () => Promise<Answer>, fields: ReadonlyArray<string>) => expectHomeworkRefused(server.db, send, fields)

  it('inserts a homework for the whole class and reads it back for editing, dates in UTC', async () => {
    const answer = await insert(validHomework(ids.roomA, ids.mathematics, { title: '  Multiplication practice  ', dueAt: '2026-12-02T10:00:00+02:00' }))
    expect(answer.status).toBe(200)
    expect(answer.body.responseData.warning).toBeNull()
    const saved = answer.body.responseData.homework
    expect(saved).toMatchObject({
      classRoomId: ids.roomA,
      subjectId: ids.mathematics,
      chapterId: null,
      topicId: null,
      title: 'Multiplication practice',
      text: homeworkText,
      type: 'homework',
      quizMode: null,
      questions,
      totalDegree: 6.5,
      startsAt: '2026-12-01T08:00:00.000Z',
      dueAt: '2026-12-02T08:00:00.000Z',
      target: { kind: 'class' },
      version: 1,
      answeredCount: 0,
    })
    expect((await forEdit(saved.id)).body.responseData).toEqual(saved)
  })

  it('inserts a quiz for chosen students with their own due date, with its chapter and topic', async () => {
    const [semester] = await server.db.query<{ id: number }>('SELECT id FROM semesters WHERE school_id = $1 ORDER BY sort LIMIT 1', [ids.schoolId])
    const chapter = (
      await post<{ id: number }>('/Chapters/CreateChapter', { subjectId: ids.mathematics, semesterId: semester!.id, name: `Tables ${randomUUID()}` })
    ).body.responseData
    const topic = (await post<{ id: number }>('/Topics/Create', { chapterId: chapter.id, name: 'Times eight' })).body.responseData
    const chosen = ids.studentsOfA.slice(0, 3)
    const quiz = await inserted(
      validHomework(ids.roomA, ids.mathematics, {
        type: 'quiz',
        quizMode: 'exam',
        chapterId: chapter.id,
        topicId: topic.id,
        target: { kind: 'students', studentIds: chosen, customDueAt: '2026-12-03T08:00:00Z' },
      }),
    )
    expect(quiz).toMatchObject({
      type: 'quiz',
      quizMode: 'exam',
      chapterId: chapter.id,
      topicId: topic.id,
      target: { kind: 'students', studentIds: chosen, customDueAt: '2026-12-03T08:00:00.000Z' },
    })
    const withStudents = await get<ClassRoomHomeworkDetails>(`/HomeWork/GetClassRoomHomeworkDetailsForEdit?HomeworkID=${quiz.id}&ClassRoomID=${ids.roomA}`)
    expect(withStudents.body.responseData.homework).toEqual(quiz)
    expect(withStudents.body.responseData.students.map((student) => student.id).sort()).toEqual([...chosen].sort())
    for (const student of withStudents.body.responseData.students)
      expect(student).toMatchObject({
        status: 'not_viewed',
        dueAt: '2026-12-03T08:00:00.000Z',
        grade: null,
        submittedAt: null,
        photoUrl: expect.stringMatching(/^\/files\/students\/demo-\d+\.svg\?exp=\d+&sig=/),
      })
    // Another class room's id with it: not found.
    expect((await get(`/HomeWork/GetClassRoomHomeworkDetailsForEdit?HomeworkID=${quiz.id}&ClassRoomID=${ids.roomB}`)).status).toBe(404)
  })

  it('refuses each field rule with 105 naming the field, and stores nothing', async () => {
    const valid = validHomework(ids.roomA, ids.mathematics)
    await expectRefused(() => insert({ ...valid, title: 'ab' }), ['title'])
    await expectRefused(() => insert({ ...valid, title: 'x'.repeat(61) }), ['title'])
    await expectRefused(() => insert({ ...valid, title: '   ' }), ['title'])
    await expectRefused(() => insert({ ...valid, text: 'x'.repeat(49) }), ['text'])
    await expectRefused(() => insert({ ...valid, text: 'x'.repeat(1001) }), ['text'])
    await expectRefused(() => insert({ ...valid, type: 'essay' }), ['type'])
    await expectRefused(() => insert({ ...valid, type: 'quiz' }), ['quizMode'])
    await expectRefused(() => insert({ ...valid, type: 'quiz', quizMode: 'weekly' }), ['quizMode'])
    await expectRefused(() => insert({ ...valid, quizMode: 'training' }), ['quizMode'])
    await expectRefused(() => insert({ ...valid, questions: [], totalDegree: 0 }), ['questions'])
    await expectRefused(() => insert({ ...valid, startsAt: '2026-12-01' }), ['startsAt'])
    await expectRefused(() => insert({ ...valid, dueAt: '2026-13-01T08:00:00Z' }), ['dueAt'])
    await expectRefused(() => insert({ ...valid, dueAt: '2026-02-30T08:00:00Z' }), ['dueAt'])
    await expectRefused(() => insert({ ...valid, startsAt: '0000-01-01T08:00:00Z' }), ['startsAt'])
    await expectRefused(() => insert({ ...valid, dueAt: valid.startsAt }), ['dueAt'])
    await expectRefused(() => insert({ ...valid, dueAt: '2026-11-30T08:00:00Z' }), ['dueAt'])
    await expectRefused(() => insert({ ...valid, topicId: 1 }), ['topicId'])
    await expectRefused(() => insert({ ...valid, subjectId: ids.physics }), ['subjectId'])
    await expectRefused(() => insert({ ...valid, target: { kind: 'students', studentIds: [] } }), ['target.studentIds'])
    await expectRefused(
      () => insert({ ...valid, target: { kind: 'students', studentIds: [ids.studentsOfA[0]!, ids.studentsOfA[0]!] } }),
      ['target.studentIds.1'],
    )
    await expectRefused(
      () => insert({ ...valid, target: { kind: 'students', studentIds: [ids.studentsOfA[0]!, ids.studentsOfB[0]!] } }),
      ['target.studentIds.1'],
    )
    await expectRefused(
      () => insert({ ...valid, target: { kind: 'students', studentIds: [ids.studentsOfA[0]!], customDueAt: valid.startsAt } }),
      ['target.customDueAt'],
    )
    // The question builder's rules (contracts/questions) hold here too.
    const noCorrect = {
      ...questions[0]!,
      options: [
        { id: 'a', text: '54', correct: false },
        { id: 'b', text: '56', correct: false },
      ],
    }
    await expectRefused(() => insert({ ...valid, questions: [noCorrect, ...questions.slice(1)] }), ['questions.0.options'])
    // Several at once: every field named (the rules across fields run once each field is well formed).
    await expectRefused(() => insert({ ...valid, title: 'ab', text: 'short', type: 'essay' }), ['title', 'text', 'type'])
    await expectRefused(
      () => insert({ ...valid, type: 'quiz', totalDegree: 1, dueAt: valid.startsAt, subjectId: ids.physics }),
      ['quizMode', 'totalDegree', 'dueAt', 'subjectId'],
    )
    const arabic = await expectRefused(() => insert({ ...valid, dueAt: valid.startsAt }, { language: 'ar-EG' }), ['dueAt'])
    expect(arabic.body.validationList[0]!.message).toBe('يجب أن يكون موعد التسليم بعد موعد البدء.')
  })

  it('boundaries: a title of 3 and 60 characters and a text of 50 and 1000 pass', async () => {
    for (const [title, text] of [
      ['abc', 'x'.repeat(50)],
      ['t'.repeat(60), 'y'.repeat(1000)],
    ] as const)
      expect((await insert(validHomework(ids.roomA, ids.mathematics, { title, text }))).body.responseCode).toBe(200)
  })

  it('the total degree must equal the sum of the question degrees', async () => {
    const valid = validHomework(ids.roomA, ids.mathematics)
    const refused = await expectRefused(() => insert({ ...valid, totalDegree: 6 }), ['totalDegree'])
    expect(refused.body.validationList[0]!.message).toBe('The total degree must equal the sum of the question degrees (6.5).')
    await expectRefused(() => insert({ ...valid, totalDegree: 7 }), ['totalDegree'])
    expect((await insert({ ...valid, totalDegree: 6.5 })).body.responseCode).toBe(200)
  })

  it("warns that homework already exists for the class on the same day (the caller's day), and still saves", async () => {
    const first = await inserted(validHomework(ids.roomA, ids.mathematics, { dueAt: '2026-12-02T20:00:00Z' }))
    // 21:30 UTC is still 2 December in UTC but 3 December at UTC+3.
    const late = validHomework(ids.roomA, ids.mathematics, { title: 'Second one', dueAt: '2026-12-02T21:30:00Z' })
    const warned = await insert(late)
    expect(warned.body.responseCode).toBe(200)
    expect(warned.body.responseData.warning).toEqual({ code: 146, message: 'Homework already exists for the class on this day.', homeworkIds: [first.id] })
    const inCairo = await insert(late, { headers: { 'X-Timezone-Offset': '3' }, language: 'ar-EG' })
    expect(inCairo.body.responseData.warning).toMatchObject({ code: 146, homeworkIds: [warned.body.responseData.homework.id] })
    expect(inCairo.body.responseData.warning!.message).toBe('يوجد واجب بالفعل لهذا الفصل في هذا اليوم.')
    // Another class room, or another day: no warning.
    expect((await insert(validHomework(ids.roomB, ids.mathematics, { dueAt: '2026-12-02T20:00:00Z' }))).body.responseData.warning).toBeNull()
    expect((await insert(validHomework(ids.roomA, ids.mathematics, { dueAt: '2026-12-04T20:00:00Z' }))).body.responseData.warning).toBeNull()
    expect((await server.db.query('SELECT id FROM homework')).length).toBe(5)
  })

  it('edits at the version it was read at; an older version answers 139 and changes nothing', async () => {
    const saved = await inserted(validHomework(ids.roomA, ids.mathematics))
    const edited = await post<HomeworkDetails>(
      '/HomeWork/EditHomeWork',
      editOf(saved, { title: 'Times tables', target: { kind: 'students', studentIds: [ids.studentsOfA[1]!] } }),
    )
    expect(edited.body.responseCode).toBe(200)
    expect(edited.body.responseData).toMatchObject({
      id: saved.id,
      title: 'Times tables',
      version: 2,
      target: { kind: 'students', studentIds: [ids.studentsOfA[1]!], customDueAt: null },
    })
    const before = await homeworkTables(server.db)
    const stale = await post('/HomeWork/EditHomeWork', editOf(saved, { title: 'Lost edit' }))
    expect(stale.status).toBe(400)
    expect(stale.body.responseCode).toBe(139)
    expect(await homeworkTables(server.db)).toEqual(before)
    await expectRefused(() => post('/HomeWork/EditHomeWork', editOf(edited.body.responseData, { totalDegree: 1 })), ['totalDegree'])
    expect((await post('/HomeWork/EditHomeWork', editOf(edited.body.responseData, { target: { kind: 'class' } }))).body.responseData).toMatchObject({
      version: 3,
      target: { kind: 'class' },
    })
  })

  it('once a student answered, the questions and degrees are fixed and that student stays targeted', async () => {
    const saved = await inserted(validHomework(ids.roomA, ids.mathematics))
    await recordSubmission(server.db, ids.schoolId, saved.id, ids.studentsOfA[0]!, 'ready')
    const current = (await forEdit(saved.id)).body.responseData
    expect(current.answeredCount).toBe(1)
    const students = (await get<ClassRoomHomeworkDetails>(`/HomeWork/GetClassRoomHomeworkDetailsForEdit?HomeworkID=${saved.id}&ClassRoomID=${ids.roomA}`)).body
      .responseData.students
    expect(students).toHaveLength(25)
    expect(students.find((student) => student.id === ids.studentsOfA[0])).toMatchObject({
      status: 'ready',
      submittedAt: expect.stringMatching(/Z$/),
      dueAt: saved.dueAt,
    })
    expect(students.filter((student) => student.status === 'not_viewed')).toHaveLength(24)
    await expectRefused(
      () => post('/HomeWork/EditHomeWork', editOf(current, { questions: questions.slice(0, 2), totalDegree: 3.5 })),
      ['questions', 'totalDegree'],
    )
    await expectRefused(() => post('/HomeWork/EditHomeWork', editOf(current, { type: 'quiz', quizMode: 'training' })), ['type', 'quizMode'])
    await expectRefused(
      () => post('/HomeWork/EditHomeWork', editOf(current, { target: { kind: 'students', studentIds: [ids.studentsOfA[1]!] } })),
      ['target.studentIds'],
    )
    const later = await post<HomeworkDetails>('/HomeWork/EditHomeWork', editOf(current, { dueAt: '2026-12-05T08:00:00Z', title: 'Extended' }))
    expect(later.body.responseData).toMatchObject({ title: 'Extended', dueAt: '2026-12-05T08:00:00.000Z', version: 2 })
  })

  it('deleting a homework students answered is refused (145) unless forceDelete=true', async () => {
    const untouched = await inserted(validHomework(ids.roomA, ids.mathematics))
    expect((await post('/HomeWork/RemoveHomeWork', { id: untouched.id })).body.responseCode).toBe(200)
    expect((await forEdit(untouched.id)).status).toBe(404)

    const answered = await inserted(validHomework(ids.roomA, ids.mathematics))
    await recordSubmission(server.db, ids.schoolId, answered.id, ids.studentsOfA[0]!, 'in_progress')
    const before = await homeworkTables(server.db)
    for (const query of ['', '?forceDelete=false']) {
      const refused = await post(`/HomeWork/RemoveHomeWork${query}`, { id: answered.id }, { language: 'ar-EG' })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ responseCode: 145, responseMessage: expect.stringContaining('أجاب الطلاب بالفعل') })
    }
    expect(await homeworkTables(server.db)).toEqual(before)
    expect((await post('/HomeWork/RemoveHomeWork?forceDelete=yes', { id: answered.id })).body.responseCode).toBe(105)
    expect((await post('/HomeWork/RemoveHomeWork?forceDelete=true', { id: answered.id })).body.responseCode).toBe(200)
    expect(await server.db.query('SELECT id FROM homework_submissions WHERE homework_id = $1', [answered.id])).toEqual([])
  })

  it('clones a homework into another class room for the whole class, with new dates (required)', async () => {
    const source = await inserted(
      validHomework(ids.roomA, ids.mathematics, { type: 'quiz', quizMode: 'training', target: { kind: 'students', studentIds: [ids.studentsOfA[0]!] } }),
    )
    await expectRefused(() => post('/HomeWork/CloneHomework', { homeworkId: source.id, classRoomId: ids.roomB }), ['startsAt', 'dueAt'])
    await expectRefused(
      () => post('/HomeWork/CloneHomework', { homeworkId: source.id, classRoomId: ids.roomB, startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-09T08:00:00Z' }),
      ['dueAt'],
    )
    await expectRefused(
      () =>
        post('/HomeWork/CloneHomework', {
          homeworkId: source.id,
          classRoomId: ids.roomB,
          subjectId: ids.physics,
          startsAt: '2026-12-10T08:00:00Z',
          dueAt: '2026-12-11T08:00:00Z',
        }),
      ['subjectId'],
    )
    const cloned = await post<HomeworkSaved>('/HomeWork/CloneHomework', {
      homeworkId: source.id,
      classRoomId: ids.roomB,
      startsAt: '2026-12-10T08:00:00Z',
      dueAt: '2026-12-11T08:00:00Z',
    })
    expect(cloned.body.responseCode).toBe(200)
    const copy = cloned.body.responseData.homework
    expect(copy.id).not.toBe(source.id)
    expect(copy).toMatchObject({
      classRoomId: ids.roomB,
      subjectId: ids.mathematics,
      title: source.title,
      text: source.text,
      type: 'quiz',
      quizMode: 'training',
      questions,
      totalDegree: 6.5,
      target: { kind: 'class' },
      version: 1,
    })
    expect(copy).toMatchObject({ startsAt: '2026-12-10T08:00:00.000Z', dueAt: '2026-12-11T08:00:00.000Z' })
    expect((await forEdit(source.id)).body.responseData).toEqual(source)
  })

  it("lists a class room's homework, latest due first, filtered by subject and type, names in the caller's language", async () => {
    const homework = await inserted(validHomework(ids.roomB, ids.mathematics, { dueAt: '2026-12-02T08:00:00Z' }))
    const quiz = await inserted(validHomework(ids.roomB, ids.mathematics, { type: 'quiz', quizMode: 'general', dueAt: '2026-12-03T08:00:00Z' }))
    await recordSubmission(server.db, ids.schoolId, quiz.id, ids.studentsOfB[0]!, 'done')
    const list = await get<HomeworkSummary[]>(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomB}`, { language: 'ar-EG' })
    expect(list.body.responseData.map((line) => line.id)).toEqual([quiz.id, homework.id])
    expect(list.body.responseData[0]).toEqual({
      id: quiz.id,
      classRoomId: ids.roomB,
      classRoomName: 'الصف الرابع ب',
      subjectId: ids.mathematics,
      subjectName: 'الرياضيات',
      chapterId: null,
      chapterName: null,
      topicNames: [],
      teacherName: 'Amira Hassan',
      isMine: true,
      title: quiz.title,
      type: 'quiz',
      quizMode: 'general',
      questionCount: 3,
      totalDegree: 6.5,
      startsAt: quiz.startsAt,
      dueAt: quiz.dueAt,
      targetKind: 'class',
      studentCount: 25,
      answeredCount: 1,
      handedInCount: 1,
      draftCount: 0,
      correctedCount: 1,
    })
    expect(
      (await get<HomeworkSummary[]>(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomB}&Type=homework`)).body.responseData.map((line) => line.id),
    ).toEqual([homework.id])
    expect((await get<HomeworkSummary[]>(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomB}&SubjectID=${ids.physics}`)).body.responseData).toEqual([])
    expect((await get(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomB}&Type=essay`)).body.responseCode).toBe(105)
  })

  it('fetch needs the start and end dates, in order, and lists her homework starting in that range', async () => {
    const early = await inserted(validHomework(ids.roomA, ids.mathematics, { startsAt: '2026-12-01T08:00:00Z', dueAt: '2026-12-02T08:00:00Z' }))
    const late = await inserted(validHomework(ids.roomA, ids.mathematics, { startsAt: '2026-12-20T08:00:00Z', dueAt: '2026-12-21T08:00:00Z' }))
    const fetchPath = (query: string) => `/HomeWork/GetClassRoomHomeworksForFetch?ClassRoomID=${ids.roomB}${query}`
    for (const [query, fields] of [
      ['', ['EndDate', 'StartDate']],
      ['&StartDate=2026-12-01', ['EndDate']],
      ['&EndDate=2026-12-31', ['StartDate']],
      ['&StartDate=2026-02-30&EndDate=2026-12-31', ['StartDate']],
      ['&StartDate=2026-12-31&EndDate=2026-12-01', ['EndDate']],
      ['&StartDate=2025-01-01&EndDate=2026-12-31', ['EndDate']],
    ] as const) {
      const answer = await get(fetchPath(query))
      expect(answer.body.responseCode, query).toBe(105)
      expect(answer.body.validationList.map((item) => item.field).sort(), query).toEqual(fields)
    }
    const all = await get<HomeworkSummary[]>(fetchPath('&StartDate=2026-12-01&EndDate=2026-12-31'))
    expect(all.body.responseData.map((line) => line.id)).toEqual([late.id, early.id])
    expect((await get<HomeworkSummary[]>(fetchPath('&StartDate=2026-12-01&EndDate=2026-12-01'))).body.responseData.map((line) => line.id)).toEqual([early.id])
    expect((await get<HomeworkSummary[]>(fetchPath(`&StartDate=2026-12-01&EndDate=2026-12-31&SubjectID=${ids.physics}`))).body.responseData).toEqual([])
  })

  it("lists the class room's students with their names in the caller's language and a photo that loads", async () => {
    const english = await get<Array<{ id: number; name: string; photoUrl: string | null }>>(`/ClassRoom/GetClassRoomStudents?ClassRoomID=${ids.roomA}`)
    expect(english.body.responseData.map((student) => student.id).sort((a, b) => a - b)).toEqual([...ids.studentsOfA])
    const arabic = await get<Array<{ id: number; name: string }>>(`/ClassRoom/GetClassRoomStudents?ClassRoomID=${ids.roomA}`, { language: 'ar-EG' })
    expect(arabic.body.responseData.every((student) => /\p{Script=Arabic}/u.test(student.name))).toBe(true)
    const photo = await fetch(base + english.body.responseData[0]!.photoUrl!)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/svg+xml')
    expect(await photo.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    // Without its signature, the same file is refused.
    expect((await fetch(base + english.body.responseData[0]!.photoUrl!.split('?')[0])).status).toBe(403)
  })

  it('a repeated Idempotency-Key answers the first insert and stores one homework', async () => {
    const key = randomUUID()
    const body = validHomework(ids.roomA, ids.mathematics)
    const first = await insert(body, { idempotencyKey: key })
    const again = await insert(body, { idempotencyKey: key })
    expect(again.body).toEqual(first.body)
    expect((await server.db.query('SELECT id FROM homework')).length).toBe(1)
  })
})
