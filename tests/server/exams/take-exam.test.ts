import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { secondSchoolStudent, seedSecondSchool, seedSecondSchoolStudent } from '../support/second-school.ts'
import { demoStudent, examQuestions, linkOf, seedExam, takeExamCalls, type DemoStudent } from '../support/take-exam.ts'

const minute = 60_000
const device = (name: string) => `device-${name}-0123456789abcdef`

/*
 * Taking an exam through the single-use link on the real database, with the server's clock moved by
 * hand: the list makes the attempts and hands out the links, the first open binds a device and starts
 * the clock, a reload continues, another device, another student or a finished attempt is refused.
 */
describe.each(testDatabases)('taking an exam through its single-use link, on $name', (database) => {
  let server: StartedServer
  const time = manualClock()
  let student: DemoStudent
  let her: ReturnType<typeof takeExamCalls>
  let herInArabic: ReturnType<typeof takeExamCalls>
  let otherStudent: ReturnType<typeof takeExamCalls>
  let otherSchool: ReturnType<typeof takeExamCalls>
  let teacher: ReturnType<typeof takeExamCalls>

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    const second = await seedSecondSchool(server.db)
    await seedSecondSchoolStudent(server.db, second)
    student = await demoStudent(server.db, accounts.student.email)
    const studentToken = (await signedIn(server.url, accounts.student)).accessToken
    her = takeExamCalls(server.url, studentToken)
    herInArabic = takeExamCalls(server.url, studentToken, 'ar-EG')
    otherStudent = takeExamCalls(server.url, (await signedIn(server.url, accounts.student2)).accessToken)
    otherSchool = takeExamCalls(server.url, (await signedIn(server.url, secondSchoolStudent)).accessToken)
    teacher = takeExamCalls(server.url, (await signedIn(server.url, accounts.teacher)).accessToken)
  })
  afterAll(async () => {
    await server.close()
  })

  const examFor = (overrides: Partial<Parameters<typeof seedExam>[2]> = {}) =>
    seedExam(server.db, student.schoolId, { now: time.clock.now(), target: { classRoomId: student.classRoomId }, ...overrides })
  const attemptRows = (examId: number) =>
    server.db.query<{ student_id: number; device_key: string | null; status: string; started_at: string | null; deadline_at: string | null }>(
      'SELECT student_id, device_key, status, started_at, deadline_at FROM exam_attempts WHERE exam_id = $1 ORDER BY student_id',
      [examId],
    )
  const examStatus = async (examId: number) => (await server.db.query<{ status: string }>('SELECT status FROM exams WHERE id = $1', [examId]))[0]!.status
  const given = () => new Date(time.clock.now()).toISOString()

  it('lists her assigned exams with her own link, making every attempt once; drafts are not shown', async () => {
    const examId = await examFor({ title: 'Listed exam' })
    const draftId = await examFor({ title: 'Draft exam', status: 'draft' })
    const listed = await her.exams()
    expect(listed.status).toBe(200)
    const mine = listed.body.responseData.exams.find((exam) => exam.examId === examId)!
    expect(mine).toMatchObject({ title: 'Listed exam', attempt: 'notStarted', deadlineAt: null, durationMinutes: 30, questionCount: examQuestions.length })
    expect(mine.token).toMatch(/^[A-Za-z0-9_-]{43}$/u)
    expect(listed.body.responseData.exams.some((exam) => exam.examId === draftId)).toBe(false)
    const rows = await attemptRows(examId)
    const classSize = (await server.db.query('SELECT id FROM students WHERE class_room_id = $1', [student.classRoomId])).length
    expect(rows).toHaveLength(1)
    // Reading again makes nothing new and answers the same link; the stored hash is not the link.
    expect(await linkOf(her, examId)).toBe(mine.token)
    expect(await attemptRows(examId)).toHaveLength(1)
    expect(JSON.stringify(await server.db.query('SELECT link_hash FROM exam_attempts WHERE exam_id = $1', [examId]))).not.toContain(mine.token!)
    expect(classSize).toBeGreaterThan(1)
  })

  it('shows the instructions without starting anything, then the first open binds the device and starts her clock; a reload continues', async () => {
    const examId = await examFor({ durationMinutes: 40 })
    const token = (await linkOf(her, examId))!
    const link = { token, deviceKey: device('phone') }
    const info = await her.instructions(link)
    expect(info.status).toBe(200)
    expect(info.body.responseData).toMatchObject({ examId, started: false, durationMinutes: 40, questionCount: examQuestions.length, extraTimePercent: 0 })
    expect(Date.parse(info.body.responseData.deadlineAt)).toBe(time.clock.now() + 40 * minute)
    expect((await attemptRows(examId))[0]).toMatchObject({ device_key: null, status: 'notViewed' })

    const startedAt = time.clock.now()
    const opened = await her.open(link)
    expect(opened.status).toBe(200)
    const session = opened.body.responseData
    expect(Date.parse(session.startedAt)).toBe(startedAt)
    expect(Date.parse(session.deadlineAt)).toBe(startedAt + 40 * minute)
    expect(session.serverNow).toBe(new Date(startedAt).toISOString())
    expect(session.timeUp).toBe(false)
    expect(session.graceSeconds).toBe(120)
    expect(await examStatus(examId)).toBe('inProgress')
    // No answer key of any kind: no correct options, no true/false value, no connect pairs, no model answer.
    const sent = JSON.stringify(session.questions)
    for (const secret of ['"correct"', '"pairs"', 'modelAnswer', 'Three each']) expect(sent).not.toContain(secret)
    expect(session.questions.map((question) => question.id).sort()).toEqual(examQuestions.map((question) => question.id).sort())
    expect(session.questions.map((question) => question.id)).toEqual(info.body.responseData.questionKeys)
    const rearrange = session.questions.find((question) => question.id === 'q2') as { items: ReadonlyArray<{ id: string }> }
    expect(rearrange.items.map((item) => item.id)).not.toEqual(['i1', 'i2', 'i3', 'i4'])

    // Ten minutes later a reload on the same device continues: the same start, deadline and order; the server's time moved on.
    time.advance(10 * minute)
    const again = await her.open(link)
    expect(again.status).toBe(200)
    expect(again.body.responseData).toMatchObject({
      startedAt: session.startedAt,
      deadlineAt: session.deadlineAt,
      serverNow: new Date(time.clock.now()).toISOString(),
    })
    expect(again.body.responseData.questions).toEqual(session.questions)
    expect((await her.instructions(link)).body.responseData).toMatchObject({ started: true, deadlineAt: session.deadlineAt })
  })

  it('moves an exam still "assigned" through the lifecycle machine on its first start: opened by the clock, then in progress', async () => {
    const examId = await examFor({ status: 'assigned' })
    expect((await her.open({ token: (await linkOf(her, examId))!, deviceKey: device('assigned') })).status).toBe(200)
    expect(await examStatus(examId)).toBe('inProgress')
  })

  it('refuses the same link on another device with the one-use message, in English and Arabic', async () => {
    const examId = await examFor()
    const token = (await linkOf(her, examId))!
    expect((await her.open({ token, deviceKey: device('first') })).status).toBe(200)
    const elsewhere = await her.open({ token, deviceKey: device('second') })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.responseCode).toBe(190)
    expect(elsewhere.body.responseMessage).toBe('This exam URL is not valid anymore, it is for one use only.')
    const inArabic = await herInArabic.open({ token, deviceKey: device('second') })
    expect(inArabic.body.responseCode).toBe(190)
    expect(inArabic.body.responseMessage).toBe('رابط هذا الامتحان لم يعد صالحًا، فهو للاستخدام مرة واحدة فقط.')
    expect((await her.instructions({ token, deviceKey: device('second') })).body.responseCode).toBe(190)
    const save = await her.save({ token, deviceKey: device('second'), answers: {}, markedForReview: [], givenAt: given() })
    expect(save.body.responseCode).toBe(190)
  })

  it('starts the attempt once when tabs race the first open: one device continues in every tab, of several devices one wins', async () => {
    const sameDevice = await examFor()
    const token = (await linkOf(her, sameDevice))!
    const tabs = await Promise.all(Array.from({ length: 6 }, () => her.open({ token, deviceKey: device('tabs') })))
    expect(tabs.map((tab) => tab.status)).toEqual(Array(6).fill(200))
    expect(new Set(tabs.map((tab) => tab.body.responseData.deadlineAt)).size).toBe(1)
    expect(await attemptRows(sameDevice)).toMatchObject([{ device_key: device('tabs'), status: 'inProgress' }])

    const devices = await examFor()
    const raced = (await linkOf(her, devices))!
    const opens = await Promise.all(Array.from({ length: 6 }, (_, index) => her.open({ token: raced, deviceKey: device(`racer${index}`) })))
    const winners = opens.filter((open) => open.status === 200)
    expect(winners).toHaveLength(1)
    expect(opens.filter((open) => open.body.responseCode === 190)).toHaveLength(5)
    const [row] = await attemptRows(devices)
    expect(row!.device_key).toBe(device(`racer${opens.indexOf(winners[0]!)}`))
  })

  it('keeps her answers and marks for review as she gives them, replacing the stored ones; a repeat of a save changes nothing', async () => {
    const examId = await examFor()
    const link = { token: (await linkOf(her, examId))!, deviceKey: device('answers') }
    await her.open(link)
    const first = { ...link, answers: { q1: { type: 2, selected: 'b' } }, markedForReview: ['q3'], givenAt: given() }
    const saved = await her.save(first, 'save-1')
    expect(saved.status).toBe(200)
    expect(saved.body.responseData).toMatchObject({ finished: false, serverNow: given() })
    const second = { ...link, answers: { q1: { type: 2, selected: 'a' }, q4: { type: 3, value: true } }, markedForReview: [], givenAt: given() }
    expect((await her.save(second)).status).toBe(200)
    expect((await her.save(first, 'save-1')).status).toBe(200)
    const reopened = (await her.open(link)).body.responseData
    expect(reopened.answers).toEqual(second.answers)
    expect(reopened.markedForReview).toEqual([])
    expect((await her.save({ ...second, markedForReview: ['q2', 'q5'] })).status).toBe(200)
    expect((await her.open(link)).body.responseData.markedForReview).toEqual(['q2', 'q5'])
  })

  it('answers 105 naming the field for answers to questions not in the exam, of the wrong type, marks of unknown questions and bad bodies', async () => {
    const examId = await examFor()
    const link = { token: (await linkOf(her, examId))!, deviceKey: device('bad') }
    await her.open(link)
    const refused = await her.save({
      ...link,
      answers: { nope: { type: 2, selected: 'a' }, q1: { type: 3, value: true } },
      markedForReview: ['zz'],
      givenAt: given(),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.responseCode).toBe(105)
    expect(refused.body.validationList.map((issue) => issue.field).sort()).toEqual(['answers.nope', 'answers.q1.type', 'markedForReview.0'])
    for (const body of [
      { ...link, token: 'short', answers: {}, markedForReview: [], givenAt: given() },
      { ...link, deviceKey: 'x', answers: {}, markedForReview: [], givenAt: given() },
      { ...link, answers: {}, markedForReview: [], givenAt: 'yesterday' },
      { ...link, answers: [], markedForReview: [] },
    ]) {
      const answer = await her.save(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.responseCode).toBe(105)
    }
    const badOpen = await herInArabic.open({ token: 'not a token', deviceKey: device('bad') })
    expect(badOpen.body.responseCode).toBe(105)
    expect(badOpen.body.validationList.map((issue) => issue.field)).toEqual(['token'])
    expect((await her.open(link)).body.responseData.answers).toEqual({})
  })

  it('finishing is final: the link opens no more and nothing more is saved', async () => {
    const examId = await examFor()
    const link = { token: (await linkOf(her, examId))!, deviceKey: device('finish') }
    await her.open(link)
    const finished = await her.finish({ ...link, answers: { q4: { type: 3, value: false } }, markedForReview: [], givenAt: given() })
    expect(finished.status).toBe(200)
    expect(finished.body.responseData.finished).toBe(true)
    expect((await attemptRows(examId))[0]).toMatchObject({ status: 'finished' })
    const reopened = await her.open(link)
    expect(reopened.body.responseCode).toBe(190)
    expect((await her.save({ ...link, answers: {}, markedForReview: [], givenAt: given() })).body.responseCode).toBe(194)
    expect((await her.finish({ ...link, answers: {}, markedForReview: [], givenAt: given() })).body.responseCode).toBe(194)
    const listed = (await her.exams()).body.responseData.exams.find((exam) => exam.examId === examId)!
    expect(listed).toMatchObject({ attempt: 'finished', token: null })
    const [stored] = await server.db.query<{ answers: unknown }>('SELECT answers FROM exam_attempts WHERE exam_id = $1', [examId])
    expect(stored!.answers).toEqual({ q4: { type: 3, value: false } })
  })

  it('counts a passed deadline as finished, takes answers given before it within the grace period, and refuses later ones', async () => {
    const examId = await examFor({ durationMinutes: 20 })
    const link = { token: (await linkOf(her, examId))!, deviceKey: device('deadline') }
    const session = (await her.open(link)).body.responseData
    const deadline = Date.parse(session.deadlineAt)
    const beforeDeadline = new Date(deadline - 5_000).toISOString()
    time.advance(20 * minute + 60_000)
    // A minute after the deadline: her time is up, the list says finished, the answers she gave offline before it still count.
    expect((await her.open(link)).body.responseData.timeUp).toBe(true)
    expect((await her.exams()).body.responseData.exams.find((exam) => exam.examId === examId)!.attempt).toBe('finished')
    expect((await her.save({ ...link, answers: { q1: { type: 2, selected: 'b' } }, markedForReview: [], givenAt: beforeDeadline })).status).toBe(200)
    const late = await her.save({ ...link, answers: { q1: { type: 2, selected: 'a' } }, markedForReview: [], givenAt: given() })
    expect(late.body.responseCode).toBe(193)
    expect(late.body.responseMessage).toMatch(/time was up/u)
    // Past the grace period (120 s) even answers given before the deadline are refused, and the link is used up.
    time.advance(61_000)
    expect((await her.save({ ...link, answers: {}, markedForReview: [], givenAt: beforeDeadline })).body.responseCode).toBe(193)
    expect((await her.open(link)).body.responseCode).toBe(190)
    expect((await attemptRows(examId))[0]).toMatchObject({ status: 'finished' })
    const [stored] = await server.db.query<{ answers: unknown; finished: boolean }>(
      'SELECT answers, finished_at = deadline_at AS finished FROM exam_attempts WHERE exam_id = $1',
      [examId],
    )
    expect(stored).toEqual({ answers: { q1: { type: 2, selected: 'b' } }, finished: true })
  })

  it("applies the school's own grace period", async () => {
    await server.db.query('INSERT INTO exam_school_settings (school_id, offline_grace_seconds) VALUES ($1, 10)', [student.schoolId])
    try {
      const examId = await examFor({ durationMinutes: 10 })
      const link = { token: (await linkOf(her, examId))!, deviceKey: device('grace') }
      const session = (await her.open(link)).body.responseData
      expect(session.graceSeconds).toBe(10)
      const givenAt = new Date(Date.parse(session.deadlineAt) - 1_000).toISOString()
      time.advance(10 * minute + 9_000)
      expect((await her.save({ ...link, answers: {}, markedForReview: [], givenAt })).status).toBe(200)
      time.advance(2_000)
      expect((await her.save({ ...link, answers: {}, markedForReview: [], givenAt })).body.responseCode).toBe(193)
    } finally {
      await server.db.query('DELETE FROM exam_school_settings WHERE school_id = $1', [student.schoolId])
    }
  })

  it('gives her accommodation as extra time, never past the end of the exam', async () => {
    await server.db.query(
      `INSERT INTO exam_accommodations (school_id, student_id, extra_time_percent, set_by) SELECT $1, $2, 50, id FROM users WHERE email = 'teacher@fasl.school'`,
      [student.schoolId, student.studentId],
    )
    try {
      const roomy = await examFor({ durationMinutes: 30, endsInMinutes: 120 })
      const link = { token: (await linkOf(her, roomy))!, deviceKey: device('extra') }
      expect((await her.instructions(link)).body.responseData.extraTimePercent).toBe(50)
      const session = (await her.open(link)).body.responseData
      expect(Date.parse(session.deadlineAt) - Date.parse(session.startedAt)).toBe(45 * minute)
      const tight = await examFor({ durationMinutes: 30, endsInMinutes: 40 })
      const capped = (await her.open({ token: (await linkOf(her, tight))!, deviceKey: device('extra') })).body.responseData
      expect(Date.parse(capped.deadlineAt)).toBe(time.clock.now() + 40 * minute)
    } finally {
      await server.db.query('DELETE FROM exam_accommodations WHERE student_id = $1', [student.studentId])
    }
  })

  it('opens nothing before the start (191) or after the end (192)', async () => {
    const early = await examFor({ startsInMinutes: 30, endsInMinutes: 90 })
    const token = (await linkOf(her, early))!
    expect((await her.open({ token, deviceKey: device('early') })).body.responseCode).toBe(191)
    expect((await her.instructions({ token, deviceKey: device('early') })).body.responseCode).toBe(191)
    expect((await attemptRows(early))[0]).toMatchObject({ device_key: null, status: 'notViewed' })
    const over = await examFor({ startsInMinutes: -90, endsInMinutes: 10 })
    const overToken = (await linkOf(her, over))!
    time.advance(11 * minute)
    expect((await her.open({ token: overToken, deviceKey: device('over') })).body.responseCode).toBe(192)
    expect((await her.exams()).body.responseData.exams.find((exam) => exam.examId === over)!.token).toBeNull()
  })

  it("refuses another student's link, another school's student and a teacher", async () => {
    const examId = await examFor({ target: { studentIds: [student.studentId] } })
    const token = (await linkOf(her, examId))!
    expect((await otherStudent.exams()).body.responseData.exams.some((exam) => exam.examId === examId)).toBe(false)
    const stolen = await otherStudent.open({ token, deviceKey: device('thief') })
    expect(stolen.body.responseCode).toBe(190)
    expect((await otherSchool.open({ token, deviceKey: device('thief') })).body.responseCode).toBe(190)
    expect((await otherSchool.exams()).body.responseData.exams).toEqual([])
    expect((await teacher.exams()).status).toBe(403)
    expect((await teacher.open({ token, deviceKey: device('thief') })).status).toBe(403)
    expect((await attemptRows(examId))[0]).toMatchObject({ device_key: null, status: 'notViewed' })
    // Her own link still opens on her device.
    expect((await her.open({ token, deviceKey: device('own') })).status).toBe(200)
  })

  it('shows each student her own question order in a random exam, the same on every open, and the built order otherwise', async () => {
    const random = await examFor({ questionOrder: 'random' })
    const same = await examFor({ questionOrder: 'same' })
    const idsOf = async (calls: typeof her, examId: number, key: string) =>
      (await calls.open({ token: (await linkOf(calls, examId))!, deviceKey: device(key) })).body.responseData.questions.map((question) => question.id)
    expect(await idsOf(her, same, 'order')).toEqual(examQuestions.map((question) => question.id))
    const hers = await idsOf(her, random, 'order')
    expect(await idsOf(her, random, 'order')).toEqual(hers)
    expect([...hers].sort()).toEqual(examQuestions.map((question) => question.id).sort())
  })
})
