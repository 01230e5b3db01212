import { describe, expect, it } from 'vitest'
import type { AnswersRelease } from '../../../plugins/homework/contract/answers-release.ts'
import type { ClassRoomHomeworkDetails, HomeworkDetails, HomeworkInsert, HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import type { CorrectionList, MyHomework, StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { testDatabases } from '../support/databases.ts'
import { useHomeworkFlow } from '../support/homework-flow.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers, post, submissionsTable } from '../support/submissions.ts'

/**
 * Issue 21, what Classroom does: a student undoes her hand-in before the due date while nothing is
 * marked; a homework accepts late work (marked late) or closes at the due date; a teacher extends one
 * student's due date. Whatever of it happens, nothing she receives gives away a right answer while
 * she may still hand in.
 */
describe.each(testDatabases)('undoing a hand-in, late work and extensions on $name', (database) => {
  const flow = useHomeworkFlow(database)
  const { time, tokens, open, correction } = flow
  const answers = { single: partlyRightAnswers.single, essay: partlyRightAnswers.essay }

  const setHomework = (title: string, overrides: Partial<HomeworkInsert> = {}, dueInHours = 24) =>
    insertHomework(flow.base, tokens.teacher, homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, dueInHours, { title, ...overrides }))

  const handIn = async (homework: HomeworkDetails, version: number | null, expected = 200) => {
    const answer = await post<StudentHomework>(flow.base, '/Student/SubmitHomework', { homeworkId: homework.id, version, answers }, tokens.student)
    expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(expected)
    return answer.body.responseData
  }
  const undo = (homework: HomeworkDetails, version: number | null) =>
    post<StudentHomework>(flow.base, '/Student/UndoHandIn', { homeworkId: homework.id, version }, tokens.student)
  const extend = (homework: HomeworkDetails, dueAt: number, studentId = flow.studentId) =>
    post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/ExtendStudentDueDate',
      { homeworkId: homework.id, studentId, dueAt: new Date(dueAt).toISOString() },
      tokens.teacher,
    )
  const summary = async (homework: HomeworkDetails) =>
    (await get<HomeworkSummary[]>(flow.base, `/HomeWork/GetClassRoomHomeworks?ClassRoomID=${flow.ids.roomA}`, tokens.teacher)).body.responseData.find(
      (line) => line.id === homework.id,
    )!
  const myLine = async (homework: HomeworkDetails) =>
    (await get<MyHomework[]>(flow.base, '/Student/GetMyHomeworks', tokens.student)).body.responseData.find((line) => line.homeworkId === homework.id)!
  const listLine = async (homework: HomeworkDetails, studentId = flow.studentId) =>
    (await get<CorrectionList>(flow.base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homework.id}`, tokens.teacher)).body.responseData.students.find(
      (line) => line.studentId === studentId,
    )!

  it('undoing a hand-in before the due date returns it to a draft with her answers, no longer counted as handed in; she hands in again', async () => {
    const homework = await setHomework('Undo before due')
    const handedIn = await handIn(homework, null)
    expect(handedIn).toMatchObject({ status: 'ready', undoable: true })
    expect((await summary(homework)).handedInCount).toBe(1)
    const undone = await undo(homework, handedIn.version)
    expect(undone.body.responseCode, JSON.stringify(undone.body)).toBe(200)
    expect(undone.body.responseData).toMatchObject({ status: 'in_progress', answers, submittedAt: null, undoable: false, result: null, answerKey: null })
    expect((await summary(homework)).handedInCount).toBe(0)
    expect(await listLine(homework)).toMatchObject({ status: 'in_progress', submittedAt: null, grade: null })
    expect(await myLine(homework)).toMatchObject({ status: 'in_progress', submittedAt: null })
    expect((await correction(homework.id)).body.responseData).toMatchObject({ status: 'in_progress', answers, grade: null })
    // An old version is refused (139); the current one hands in again.
    expect((await undo(homework, undone.body.responseData.version)).body.responseCode).toBe(173)
    const again = await handIn(homework, undone.body.responseData.version)
    expect(again).toMatchObject({ status: 'ready', late: false })
    expect((await undo(homework, handedIn.version)).body.responseCode).toBe(139)
  })

  it('an undo is refused after the due date (170), once the teacher marked anything (171), once handing in showed answers or a result (172), and for work not handed in (173); nothing changes', async () => {
    const pastDue = await setHomework('Undo too late', {}, 2)
    const handedIn = await handIn(pastDue, null)
    const marked = await setHomework('Undo after marks')
    const markedWork = await handIn(marked, null)
    const graded = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/GradeSubmission',
      { homeworkId: marked.id, studentId: flow.studentId, version: markedWork.version, reviews: [{ questionId: 'essay', score: 1 }] },
      tokens.teacher,
    )
    expect(graded.body.responseCode).toBe(200)
    const shownAtHandIn = await setHomework('Undo after answers shown', { answersRelease: 'afterHandIn' })
    const shownWork = await handIn(shownAtHandIn, null)
    expect(shownWork.answerKey).not.toBeNull()
    expect(shownWork.undoable).toBe(false)
    const training = await setHomework('Undo a training quiz', { type: 'quiz', quizMode: 'training', answersRelease: 'never' })
    const trainingWork = await handIn(training, null)
    expect(trainingWork.result).not.toBeNull()
    const drafted = await setHomework('Undo a draft')
    const draft = (await post<StudentHomework>(flow.base, '/Student/SaveHomeworkDraft', { homeworkId: drafted.id, version: null, answers }, tokens.student))
      .body.responseData
    time.advance(hours(3))
    const before = await submissionsTable(flow.server.db)
    expect((await undo(pastDue, handedIn.version)).body.responseCode).toBe(170)
    expect((await undo(marked, graded.body.responseData.version)).body.responseCode).toBe(171)
    expect((await undo(shownAtHandIn, shownWork.version)).body.responseCode).toBe(172)
    expect((await undo(training, trainingWork.version)).body.responseCode).toBe(172)
    expect((await undo(drafted, draft.version)).body.responseCode).toBe(173)
    expect(await submissionsTable(flow.server.db)).toBe(before)
    const refused = await undo(pastDue, handedIn.version)
    expect(refused.body.responseMessage).toMatch(/due date has passed/u)
  })

  it('a homework closed to late work refuses a hand-in after the due date (150); one that accepts it takes it, marked late everywhere', async () => {
    const closed = await setHomework('Closed at due', {}, 2)
    const accepting = await setHomework('Late accepted', { lateWork: 'accepted' }, 2)
    expect(accepting.lateWork).toBe('accepted')
    expect(closed.lateWork).toBe('closed')
    await open(accepting.id)
    time.advance(hours(3))
    await handIn(closed, null, 150)
    // Past due she still saves and hands in: "uncompleted" until she does.
    const reopened = (await open(accepting.id)).body.responseData
    expect(reopened).toMatchObject({ status: 'uncompleted', lateWork: 'accepted', answerKey: null })
    const saved = await post<StudentHomework>(
      flow.base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: accepting.id, version: reopened.version, answers },
      tokens.student,
    )
    expect(saved.body.responseCode, JSON.stringify(saved.body)).toBe(200)
    const late = await handIn(accepting, saved.body.responseData.version)
    expect(late).toMatchObject({ status: 'ready', late: true, undoable: false })
    expect(await myLine(accepting)).toMatchObject({ status: 'ready', late: true, lateWork: 'accepted' })
    expect(await listLine(accepting)).toMatchObject({ status: 'ready', late: true })
    expect((await correction(accepting.id)).body.responseData).toMatchObject({ status: 'ready', late: true })
    expect((await summary(accepting)).handedInCount).toBe(1)
  })

  it("an extension takes one student's work past its due date back to answering, on time until her own date; the date must be later than now and the homework's", async () => {
    const homework = await setHomework('Extended', { answersRelease: 'afterGrading' }, 2)
    const opened = (await open(homework.id)).body.responseData
    time.advance(hours(3))
    expect((await myLine(homework)).status).toBe('uncompleted')
    for (const dueAt of [time.clock.now() - hours(1), Date.parse(homework.dueAt) - hours(1)]) {
      const refused = await extend(homework, dueAt)
      expect(refused.body.responseCode).toBe(105)
      expect(JSON.stringify(refused.body)).toContain('dueAt')
    }
    const extended = await extend(homework, time.clock.now() + hours(24))
    expect(extended.body.responseCode, JSON.stringify(extended.body)).toBe(200)
    expect(extended.body.responseData).toMatchObject({ status: 'not_viewed', extendable: true })
    expect(extended.body.responseData.extendedDueAt).toBe(new Date(time.clock.now() + hours(24)).toISOString())
    expect(await listLine(homework)).toMatchObject({ extendedDueAt: extended.body.responseData.extendedDueAt, dueAt: extended.body.responseData.dueAt })
    // Only hers: a classmate is still past due.
    const other = flow.ids.studentsOfA.find((id) => id !== flow.studentId)!
    expect((await listLine(homework, other)).status).toBe('uncompleted')
    // The homework's own list of students (the class room's homework tab) reads each one's due date too.
    const details = (
      await get<ClassRoomHomeworkDetails>(
        flow.base,
        `/HomeWork/GetClassRoomHomeworkDetailsForEdit?HomeworkID=${homework.id}&ClassRoomID=${flow.ids.roomA}`,
        tokens.teacher,
      )
    ).body.responseData.students
    expect(details.find((student) => student.id === flow.studentId)).toMatchObject({ status: 'not_viewed', dueAt: extended.body.responseData.dueAt })
    expect(details.find((student) => student.id === other)).toMatchObject({ status: 'uncompleted', dueAt: homework.dueAt })
    const mine = (await open(homework.id)).body.responseData
    expect(mine).toMatchObject({ status: 'in_progress', extended: true, dueAt: extended.body.responseData.dueAt })
    const handedIn = await handIn(homework, mine.version ?? opened.version)
    expect(handedIn).toMatchObject({ status: 'ready', late: false, undoable: true })
    // Handed in: no further extension (174).
    expect((await extend(homework, time.clock.now() + hours(48))).body.responseCode).toBe(174)
  })

  it('nothing she receives carries the right answers while she may still hand in: late work, an extension, and "after the due date" waiting for the last extension', async () => {
    const release: AnswersRelease = 'afterDue'
    // Late work accepted: past due, not handed in, she reads no answers whatever the setting.
    for (const answersRelease of ['afterHandIn', 'afterDue'] as const) {
      const late = await setHomework(`Late, ${answersRelease}`, { lateWork: 'accepted', answersRelease }, 2)
      await open(late.id)
      time.advance(hours(3))
      const view = (await open(late.id)).body.responseData
      expect(view.status).toBe('uncompleted')
      expect(view.answerKey, answersRelease).toBeNull()
      expect(JSON.stringify(view.questions)).not.toMatch(/"correct"|"answers"|"pairs"|"modelAnswer"/u)
    }
    // After the due date, with a classmate extended: she handed in on time, but reads no answers until the extension ends.
    const homework = await setHomework('After the last due date', { answersRelease: release }, 2)
    const handedIn = await handIn(homework, null)
    expect(handedIn.answerKey).toBeNull()
    const other = flow.ids.studentsOfA.find((id) => id !== flow.studentId)!
    expect((await extend(homework, time.clock.now() + hours(10), other)).body.responseCode).toBe(200)
    time.advance(hours(3))
    expect((await open(homework.id)).body.responseData.answerKey).toBeNull()
    time.advance(hours(8))
    expect((await open(homework.id)).body.responseData.answerKey).not.toBeNull()
    // Extended herself, past the class's due date: nothing until her own passes.
    const mine = await setHomework('Her own extension', { answersRelease: release }, 2)
    await open(mine.id)
    expect((await extend(mine, time.clock.now() + hours(10))).body.responseCode).toBe(200)
    time.advance(hours(3))
    expect((await open(mine.id)).body.responseData).toMatchObject({ status: 'in_progress', answerKey: null })
  })

  it('an extension is refused once the right answers were released to her (175), and then nothing changes', async () => {
    const homework = await setHomework('Answers out', { answersRelease: 'afterHandIn' }, 2)
    await open(homework.id)
    time.advance(hours(3))
    expect((await open(homework.id)).body.responseData.answerKey).not.toBeNull()
    const before = await submissionsTable(flow.server.db)
    const refused = await extend(homework, time.clock.now() + hours(24))
    expect(refused.body.responseCode).toBe(175)
    expect(await submissionsTable(flow.server.db)).toBe(before)
    expect((await listLine(homework)).extendedDueAt).toBeNull()
  })
})
