import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HomeworkDetails, HomeworkSaved, HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import { homeworkLimits } from '../../../plugins/homework/contract/homework.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, expectHomeworkRefused, homeworkTables, validHomework, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn, type CallOptions } from '../support/http.ts'
import { grantRole } from '../support/roles.ts'
import { seedSecondSchool, secondSchool, type SecondSchool } from '../support/second-school.ts'

const api = '/school/api'

type Answer = { status: number; body: { responseCode: number; validationList: ReadonlyArray<{ field: string; message: string }> } }

/**
 * A homework is tagged with a chapter of its subject and any of that chapter's topics (issue 21):
 * `topicIds`, checked by the server (105 on the topic's place in the list, with the catalogue's
 * message), stored in homework_topics, answered for editing and in the lists with the chapter's name.
 * Another chapter's, another subject's or another school's topic is refused; another teacher's
 * homework cannot be tagged; an older client's one `topicId` still works.
 */
describe.each(testDatabases)('homework chapters and topics on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  let second: SecondSchool
  const tokens = { teacher: '', teacher2: '', secondTeacher: '' }
  /** Two chapters of Mathematics (three topics and one), one of Science (one topic; taught in Grade 4 A too), one of the other school (one topic). */
  const made = { science: 0, fractions: 0, halves: 0, quarters: 0, thirds: 0, geometry: 0, angles: 0, forces: 0, push: 0, secondChapter: 0, secondTopic: 0 }

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    ids = await demoIds(server.db)
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    await grantRole(server.db, accounts.teacher2.email, 'Assignments')
    tokens.teacher2 = (await signedIn(base, accounts.teacher2)).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    const [semester] = await server.db.query<{ id: number }>('SELECT id FROM semesters WHERE school_id = $1 ORDER BY sort LIMIT 1', [ids.schoolId])
    const chapter = async (subjectId: number, name: string) =>
      (await post<{ id: number }>('/Chapters/CreateChapter', { subjectId, semesterId: semester!.id, name: `${name} ${randomUUID()}` })).body.responseData.id
    const topic = async (chapterId: number, name: string) => (await post<{ id: number }>('/Topics/Create', { chapterId, name })).body.responseData.id
    made.fractions = await chapter(ids.mathematics, 'Fractions')
    made.halves = await topic(made.fractions, 'Halves')
    made.quarters = await topic(made.fractions, 'Quarters')
    made.thirds = await topic(made.fractions, 'Thirds')
    made.geometry = await chapter(ids.mathematics, 'Geometry')
    made.angles = await topic(made.geometry, 'Angles')
    const [science] = await server.db.query<{ id: number }>(`SELECT id FROM subjects WHERE school_id = $1 AND name_en = 'Science'`, [ids.schoolId])
    made.science = science!.id
    made.forces = await chapter(made.science, 'Forces')
    made.push = await topic(made.forces, 'Push and pull')
    const [secondChapter] = await server.db.query<{ id: number }>(
      `INSERT INTO chapters (school_id, subject_id, semester_id, name, created_by) VALUES ($1, $2, $3, 'Maps', $4) RETURNING id`,
      [second.schoolId, second.subjectId, second.semesterId, second.teacherId],
    )
    made.secondChapter = secondChapter!.id
    const [secondTopic] = await server.db.query<{ id: number }>(`INSERT INTO topics (school_id, chapter_id, name) VALUES ($1, $2, 'Scales') RETURNING id`, [
      second.schoolId,
      made.secondChapter,
    ])
    made.secondTopic = secondTopic!.id
  })
  afterAll(() => server.close())
  beforeEach(async () => {
    await server.db.query('DELETE FROM homework')
  })

  function post<T>(path: string, body: unknown, options: CallOptions = {}) {
    return call<T>(base, 'POST', api + path, body, { token: tokens.teacher, idempotencyKey: randomUUID(), ...options })
  }
  const get = <T>(path: string, options: CallOptions = {}) => call<T>(base, 'GET', api + path, undefined, { token: tokens.teacher, ...options })
  const insert = (body: unknown, options: CallOptions = {}) => post<HomeworkSaved>('/HomeWork/InsertHomeWork', body, options)
  const inserted = async (body: unknown) => {
    const answer = await insert(body)
    expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData.homework
  }
  const editOf = (homework: HomeworkDetails, changes: Record<string, unknown>) => {
    const { id, version, subjectId, chapterId, title, text, type, quizMode, questions, totalDegree, startsAt, dueAt, target } = homework
    return { id, version, subjectId, chapterId, title, text, type, quizMode, questions, totalDegree, startsAt, dueAt, target, ...changes }
  }
  const forEdit = async (id: number) => (await get<HomeworkDetails>(`/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${id}`)).body.responseData
  const expectRefused = (send: () => Promise<Answer>, fields: ReadonlyArray<string>) => expectHomeworkRefused(server.db, send, fields)

  it('stores a chapter with two of its topics, answers them for editing and lists them with the names', async () => {
    const saved = await inserted(validHomework(ids.roomA, ids.mathematics, { chapterId: made.fractions, topicIds: [made.thirds, made.halves] }))
    expect(saved).toMatchObject({ chapterId: made.fractions, topicIds: [made.halves, made.thirds], topicId: made.halves })
    expect(await forEdit(saved.id)).toEqual(saved)
    const list = (await get<ReadonlyArray<HomeworkSummary>>(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomA}&SubjectID=${ids.mathematics}`)).body
      .responseData
    expect(list).toEqual([
      expect.objectContaining({ id: saved.id, chapterId: made.fractions, chapterName: expect.stringMatching(/^Fractions /), topicNames: ['Halves', 'Thirds'] }),
    ])
    // Without a chapter: none, and no topics.
    const loose = await inserted(validHomework(ids.roomA, ids.mathematics, { title: 'Loose homework', topicIds: [] }))
    expect(loose).toMatchObject({ chapterId: null, topicIds: [], topicId: null })
    const again = (await get<ReadonlyArray<HomeworkSummary>>(`/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomA}`)).body.responseData
    expect(again.find((line) => line.id === loose.id)).toMatchObject({ chapterId: null, chapterName: null, topicNames: [] })
  })

  it('an edit replaces the topics, can clear them, and an older client sending one topicId still tags one', async () => {
    const saved = await inserted(validHomework(ids.roomA, ids.mathematics, { chapterId: made.fractions, topicIds: [made.halves, made.quarters] }))
    const edited = await post<HomeworkDetails>('/HomeWork/EditHomeWork', editOf(saved, { topicIds: [made.thirds] }))
    expect(edited.body.responseData).toMatchObject({ chapterId: made.fractions, topicIds: [made.thirds], version: 2 })
    const moved = await post<HomeworkDetails>('/HomeWork/EditHomeWork', editOf(edited.body.responseData, { chapterId: made.geometry, topicIds: [made.angles] }))
    expect(moved.body.responseData).toMatchObject({ chapterId: made.geometry, topicIds: [made.angles] })
    const cleared = await post<HomeworkDetails>('/HomeWork/EditHomeWork', editOf(moved.body.responseData, { chapterId: null, topicIds: [] }))
    expect(cleared.body.responseData).toMatchObject({ chapterId: null, topicIds: [], topicId: null })
    const older = await inserted(validHomework(ids.roomA, ids.mathematics, { chapterId: made.fractions, topicId: made.quarters }))
    expect(older).toMatchObject({ topicIds: [made.quarters], topicId: made.quarters })
  })

  it('refuses topics without their chapter, repeated, of another chapter, another subject or another school, and too many (105 on each)', async () => {
    const valid = validHomework(ids.roomA, ids.mathematics, { chapterId: made.fractions })
    await expectRefused(() => insert({ ...valid, chapterId: null, topicIds: [made.halves] }), ['topicIds'])
    await expectRefused(() => insert({ ...valid, topicIds: [made.halves, made.halves] }), ['topicIds.1'])
    await expectRefused(() => insert({ ...valid, topicIds: [made.halves, made.angles] }), ['topicIds.1'])
    await expectRefused(() => insert({ ...valid, topicIds: [made.push] }), ['topicIds.0'])
    await expectRefused(() => insert({ ...valid, topicIds: [made.secondTopic, made.quarters] }), ['topicIds.0'])
    await expectRefused(() => insert({ ...valid, topicIds: [999_999] }), ['topicIds.0'])
    await expectRefused(() => insert({ ...valid, topicIds: Array.from({ length: homeworkLimits.maxTopics + 1 }, (_, index) => index + 1) }), ['topicIds'])
    await expectRefused(() => insert({ ...valid, topicIds: ['one'] }), ['topicIds.0'])
    // Science's chapter for a Mathematics homework, with its own topic: the chapter is refused.
    await expectRefused(() => insert({ ...valid, chapterId: made.forces, topicIds: [made.push] }), ['chapterId'])
    // The other school's chapter and topic.
    await expectRefused(() => insert({ ...valid, chapterId: made.secondChapter, topicIds: [made.secondTopic] }), ['chapterId', 'topicIds.0'])
    // An edit is checked the same way.
    const saved = await inserted(valid)
    await expectRefused(() => post('/HomeWork/EditHomeWork', editOf(saved, { topicIds: [made.angles] })), ['topicIds.0'])
  })

  it("another teacher cannot tag the teacher's homework, and the other school's teacher cannot use the first school's topics", async () => {
    const saved = await inserted(validHomework(ids.roomB, ids.mathematics, { chapterId: made.fractions, topicIds: [made.halves] }))
    const before = await homeworkTables(server.db)
    const byTeacher2 = await post('/HomeWork/EditHomeWork', editOf(saved, { topicIds: [made.quarters] }), { token: tokens.teacher2 })
    expect(byTeacher2.status).toBe(404)
    const secondsOwn = await insert(validHomework(second.classRoomId, second.subjectId, { chapterId: made.secondChapter, topicIds: [made.secondTopic] }), {
      token: tokens.secondTeacher,
    })
    expect(secondsOwn.body.responseCode, JSON.stringify(secondsOwn.body)).toBe(200)
    const afterSecond = await homeworkTables(server.db)
    const withFirstTopic = await insert(
      validHomework(second.classRoomId, second.subjectId, { chapterId: made.secondChapter, topicIds: [made.secondTopic, made.halves] }),
      { token: tokens.secondTeacher },
    )
    expect(withFirstTopic.status).toBe(400)
    expect(withFirstTopic.body.validationList.map((item) => item.field)).toEqual(['topicIds.1'])
    const secondSaved = secondsOwn.body.responseData.homework
    const edit = await post('/HomeWork/EditHomeWork', editOf(secondSaved, { chapterId: made.fractions, topicIds: [made.halves] }), {
      token: tokens.secondTeacher,
    })
    expect(edit.body.responseCode).toBe(105)
    expect(await homeworkTables(server.db)).toEqual(afterSecond)
    expect(before).not.toEqual(afterSecond)
  })

  it('a copy keeps its topics in the same subject and drops chapter and topics for another', async () => {
    const saved = await inserted(validHomework(ids.roomA, ids.mathematics, { chapterId: made.fractions, topicIds: [made.halves, made.thirds] }))
    const dates = { startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-11T08:00:00Z' }
    const same = await post<HomeworkSaved>('/HomeWork/CloneHomework', { homeworkId: saved.id, classRoomId: ids.roomB, ...dates })
    expect(same.body.responseData.homework).toMatchObject({ chapterId: made.fractions, topicIds: [made.halves, made.thirds] })
    const other = await post<HomeworkSaved>('/HomeWork/CloneHomework', { homeworkId: saved.id, classRoomId: ids.roomA, subjectId: made.science, ...dates })
    expect(other.body.responseData.homework).toMatchObject({ chapterId: null, topicIds: [] })
  })
})
