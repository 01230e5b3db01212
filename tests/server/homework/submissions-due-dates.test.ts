import { describe, expect, it } from 'vitest'
import type { CorrectionList, MyHomework, StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { testDatabases } from '../support/databases.ts'
import { useHomeworkFlow } from '../support/homework-flow.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers, post, submissionsTable } from '../support/submissions.ts'

/**
 * Due dates on the real database, with the server's clock moved by hand: work not handed in turns
 * "uncompleted" and is still corrected, unopened homework stays unanswered, and a student's own due
 * date and a later start count.
 */
describe.each(testDatabases)('homework due dates on $name', (database) => {
  const flow = useHomeworkFlow(database)
  const { time, tokens, open, correction } = flow

  it('a due date passing makes work not handed in "uncompleted" when next read or written; the teacher still corrects it', async () => {
    const set = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 2, { title: 'Due soon' }),
    )
    const opened = (await open(set.id)).body.responseData
    const drafted = await post<StudentHomework>(
      flow.base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: opened.version, answers: { single: partlyRightAnswers.single, essay: partlyRightAnswers.essay } },
      tokens.student,
    )
    time.advance(hours(3))
    const mine = (await get<MyHomework[]>(flow.base, '/Student/GetMyHomeworks', tokens.student)).body.responseData
    expect(mine.find((line) => line.homeworkId === set.id)).toMatchObject({ status: 'uncompleted' })
    const before = await submissionsTable(flow.server.db)
    for (const path of ['/Student/SaveHomeworkDraft', '/Student/SubmitHomework']) {
      const answer = await post(
        flow.base,
        path,
        { homeworkId: set.id, version: drafted.body.responseData.version, answers: partlyRightAnswers },
        tokens.student,
      )
      expect(answer.body.responseCode, path).toBe(150)
    }
    expect(await submissionsTable(flow.server.db)).toBe(before)
    // What she saved stays, scored, for the teacher; everyone else of the class is uncompleted too.
    const list = (await get<CorrectionList>(flow.base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${set.id}`, tokens.teacher)).body.responseData
    expect(new Set(list.students.map((student) => student.status))).toEqual(new Set(['uncompleted']))
    const work = (await correction(set.id)).body.responseData
    expect(work).toMatchObject({ status: 'uncompleted', answers: { single: partlyRightAnswers.single }, currentGrade: 1, grade: null, submittedAt: null })
    const graded = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/GradeSubmission',
      { homeworkId: set.id, studentId: flow.studentId, version: work.version, reviews: [{ questionId: 'essay', score: 2 }] },
      tokens.teacher,
    )
    const done = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: set.id, studentId: flow.studentId, version: graded.body.responseData.version },
      tokens.teacher,
    )
    expect(done.body.responseData).toMatchObject({ status: 'done', grade: 3 })
    const reopened = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/ReopenSubmissionCorrection',
      { homeworkId: set.id, studentId: flow.studentId, version: done.body.responseData.version },
      tokens.teacher,
    )
    expect(reopened.body.responseData).toMatchObject({ status: 'uncompleted', grade: 3 })

    // A classmate who never opened it: nothing stored until the teacher corrects her (version null), then 0 of 14.
    const classmate = flow.ids.studentsOfA.find((id) => id !== flow.studentId)!
    const unopened = (await correction(set.id, classmate)).body.responseData
    expect(unopened).toMatchObject({ status: 'uncompleted', version: null, answers: {}, currentGrade: 0 })
    const commented = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/GradeSubmission',
      { homeworkId: set.id, studentId: classmate, version: null, reviews: [], comment: 'Nothing handed in.' },
      tokens.teacher,
    )
    expect(commented.body.responseData).toMatchObject({ status: 'uncompleted', version: 1, comment: 'Nothing handed in.' })
    const zero = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: set.id, studentId: classmate, version: 1 },
      tokens.teacher,
    )
    expect(zero.body.responseData).toMatchObject({ status: 'done', grade: 0 })
  })

  it('a homework nobody opened stays unanswered after its due date: deleting it needs no confirmation', async () => {
    const set = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 1, { title: 'Nobody opened' }),
    )
    time.advance(hours(2))
    const list = (await get<CorrectionList>(flow.base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${set.id}`, tokens.teacher)).body.responseData
    expect(new Set(list.students.map((student) => student.status))).toEqual(new Set(['uncompleted']))
    const removed = await post(flow.base, '/HomeWork/RemoveHomeWork', { id: set.id }, tokens.teacher)
    expect(removed.body.responseCode).toBe(200)
  })

  it("her custom due date counts, not the homework's; homework not started yet is not hers to see", async () => {
    const now = time.clock.now()
    const custom = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(now, flow.ids.roomA, flow.ids.mathematics, 1, {
        title: 'Custom date',
        target: { kind: 'students', studentIds: [flow.studentId], customDueAt: new Date(now + hours(5)).toISOString() },
      }),
    )
    time.advance(hours(2))
    const drafted = await post<StudentHomework>(flow.base, '/Student/SaveHomeworkDraft', { homeworkId: custom.id, version: null, answers: {} }, tokens.student)
    expect(drafted.body.responseData).toMatchObject({ status: 'in_progress', dueAt: new Date(now + hours(5)).toISOString() })

    const later = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 24, {
        title: 'Not yet',
        startsAt: new Date(time.clock.now() + hours(1)).toISOString(),
      }),
    )
    const mine = (await get<MyHomework[]>(flow.base, '/Student/GetMyHomeworks', tokens.student)).body.responseData
    expect(mine.map((line) => line.homeworkId)).not.toContain(later.id)
    expect((await open(later.id)).status).toBe(404)
    time.advance(hours(2))
    expect((await open(later.id)).body.responseData.status).toBe('in_progress')
  })
})
