import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import { decodeClassBatch } from '../../../contracts/questions/class-batch.ts'
import type { ClassAnswers, CorrectionList, MyHomework, StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import type { DemoIds } from '../support/homework.ts'

import { useHomeworkFlow } from '../support/homework-flow.ts'
import { readPackedClassScores, totalOf } from '../../../workers/class-scores-packed.ts'
import { prescoreClassPacked } from '../../../workers/class-batch-scoring.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers, post, submissionsTable } from '../support/submissions.ts'

/**
 * The whole homework flow on the real database: the teacher sets it through the API, the student
 * opens, drafts and hands it in, the server scores it (README "How homework is scored"), the teacher
 * overrides, comments and marks it corrected, and the student sees her grade. Time is the server's
 * clock, moved by hand.
 */
describe.each(testDatabases)('student homework and its correction on $name', (database) => {
  const flow = useHomeworkFlow(database)
  const { time, tokens, open, correction } = flow
  let server: StartedServer
  let base: string
  let ids: DemoIds
  let studentId: number
  let homework: HomeworkDetails

  beforeAll(async () => {
    ;({ server, base, ids, studentId } = flow)
    homework = await insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 48))
  })

  it('runs from a new homework to the grade the student sees', async () => {
    // Listed for her, not viewed, no grade.
    const mine = await get<MyHomework[]>(base, '/Student/GetMyHomeworks', tokens.student)
    expect(mine.body.responseData).toContainEqual(
      expect.objectContaining({ homeworkId: homework.id, status: 'not_viewed', grade: null, dueAt: homework.dueAt }),
    )

    // Opening: in progress, nothing right shown, the connect's right sides shuffled the same way each time.
    const opened = await open(homework.id)
    expect(opened.body.responseCode, JSON.stringify(opened.body)).toBe(200)
    const view = opened.body.responseData
    expect(view).toMatchObject({ status: 'in_progress', version: 1, answerKey: null, result: null })
    expect(JSON.stringify(view.questions)).not.toMatch(/"correct"|"answers"|"pairs"|"modelAnswer"|Three each/u)
    const pairs = view.questions.find((question) => question.id === 'match') as { readonly right: ReadonlyArray<{ readonly id: string }> }
    expect(pairs.right.map((side) => side.id)).not.toEqual(['r1', 'r2', 'r3', 'r4'])
    expect((await open(homework.id)).body.responseData.questions).toEqual(view.questions)

    // A draft, replayed under the same key: stored once.
    const key = randomUUID()
    const draft = { homeworkId: homework.id, version: 1, answers: { single: partlyRightAnswers.single } }
    const saved = await post<StudentHomework>(base, '/Student/SaveHomeworkDraft', draft, tokens.student, { idempotencyKey: key })
    expect(saved.body.responseData).toMatchObject({ status: 'in_progress', version: 2, answers: draft.answers })
    const replayed = await post<StudentHomework>(base, '/Student/SaveHomeworkDraft', draft, tokens.student, { idempotencyKey: key })
    expect(replayed.body.responseData.version).toBe(2)
    // The same draft under a new key is a second write made against an old version: 139.
    const stale = await post(base, '/Student/SaveHomeworkDraft', draft, tokens.student)
    expect(stale.body.responseCode).toBe(139)

    // Handed in: scored at once, the provisional grade is what could be checked automatically.
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: homework.id, version: 2, answers: partlyRightAnswers },
      tokens.student,
    )
    expect(submitted.body.responseData).toMatchObject({ status: 'ready', answerKey: null, result: null })
    expect(submitted.body.responseData.submittedAt).not.toBeNull()

    // The correction list: every student of Grade 4 A, she is ready with 6 provisional, the rest not viewed.
    const list = (await get<CorrectionList>(base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homework.id}`, tokens.teacher)).body.responseData
    expect(list.students.map((student) => student.studentId).sort((a, b) => a - b)).toEqual([...ids.studentsOfA].sort((a, b) => a - b))
    expect(list.students.find((student) => student.studentId === studentId)).toMatchObject({ status: 'ready', grade: 6, provisional: true })
    expect(
      list.students.filter((student) => student.studentId !== studentId).every((student) => student.status === 'not_viewed' && student.grade === null),
    ).toBe(true)

    // One submission: the whole questions, the automatic scores with partial credit.
    const work = (await correction(homework.id)).body.responseData
    expect(work.questions).toEqual(homework.questions)
    expect(work.autoScores.single).toMatchObject({ score: 1, outcome: 'correct' })
    expect(work.autoScores.gaps).toMatchObject({ score: 1.5, outcome: 'partial' })
    expect(work.autoScores.statement).toMatchObject({ score: 0, outcome: 'incorrect' })
    expect(work.autoScores.multiple).toMatchObject({ score: 2, outcome: 'partial' })
    expect(work.autoScores.match).toMatchObject({ score: 1.5, outcome: 'partial' })
    expect(work.autoScores.essay).toMatchObject({ score: 0, outcome: 'manual' })
    expect(work).toMatchObject({ status: 'ready', currentGrade: 6, grade: 6 })

    // Bad grades: 105 naming each field, nothing stored.
    const before = await submissionsTable(server.db)
    const bad = await post(
      base,
      '/HomeWork/GradeSubmission',
      {
        homeworkId: homework.id,
        studentId,
        version: work.version,
        reviews: [
          { questionId: 'statement', score: 1.5 },
          { questionId: 'nope', score: 1 },
          { questionId: 'essay', score: -1 },
        ],
      },
      tokens.teacher,
    )
    expect(bad.body.responseCode).toBe(105)
    expect(bad.body.validationList.map((item) => item.field).sort()).toEqual(['reviews.2.score'])
    const over = await post(
      base,
      '/HomeWork/GradeSubmission',
      {
        homeworkId: homework.id,
        studentId,
        version: work.version,
        reviews: [
          { questionId: 'statement', score: 1.5 },
          { questionId: 'nope', score: 1 },
        ],
      },
      tokens.teacher,
    )
    expect(over.body.validationList.map((item) => item.field).sort()).toEqual(['reviews.0.score', 'reviews.1.questionId'])
    expect(await submissionsTable(server.db)).toBe(before)

    // The teacher overrides the true/false, grades the paragraph, comments.
    const graded = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/GradeSubmission',
      {
        homeworkId: homework.id,
        studentId,
        version: work.version,
        reviews: [
          { questionId: 'statement', score: 0.5, comment: 'Nearly: count the sides again.' },
          { questionId: 'essay', score: 2.5, comment: 'Good, show the division.' },
        ],
        comment: 'Well done overall.',
      },
      tokens.teacher,
    )
    expect(graded.body.responseCode, JSON.stringify(graded.body)).toBe(200)
    expect(graded.body.responseData).toMatchObject({ status: 'ready', currentGrade: 9, grade: 9, comment: 'Well done overall.' })

    // Not corrected yet: the student sees no grade.
    expect((await open(homework.id)).body.responseData).toMatchObject({ status: 'ready', result: null })

    const done = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: homework.id, studentId, version: graded.body.responseData.version },
      tokens.teacher,
    )
    expect(done.body.responseData).toMatchObject({ status: 'done', grade: 9 })
    expect(done.body.responseData.correctedAt).not.toBeNull()

    const seen = (await open(homework.id)).body.responseData
    expect(seen).toMatchObject({ status: 'done', result: { final: true, grade: 9, comment: 'Well done overall.' } })
    // A homework's right answers come with the marks when the teacher chose nothing (answers-release.ts).
    expect(seen.answerKey?.map((question) => question.id)).toEqual(seen.questions.map((question) => question.id))
    expect(seen.result!.questions.find((question) => question.questionId === 'statement')).toEqual({
      questionId: 'statement',
      score: 0.5,
      max: 1,
      outcome: 'partial',
      comment: 'Nearly: count the sides again.',
    })
    expect(seen.result!.questions.find((question) => question.questionId === 'gaps')).toMatchObject({ score: 1.5, outcome: 'partial', comment: null })
    const listed = (await get<MyHomework[]>(base, '/Student/GetMyHomeworks', tokens.student)).body.responseData
    expect(listed.find((line) => line.homeworkId === homework.id)).toMatchObject({ status: 'done', grade: 9 })

    // Reopened: back to ready with the teacher's marks kept (her provisional grade), no grade for the student until marked again.
    const reopened = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/ReopenSubmissionCorrection',
      { homeworkId: homework.id, studentId, version: done.body.responseData.version },
      tokens.teacher,
    )
    expect(reopened.body.responseData).toMatchObject({ status: 'ready', grade: 9, correctedAt: null, currentGrade: 9 })
    expect((await open(homework.id)).body.responseData.result).toBeNull()
    const again = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: homework.id, studentId, version: reopened.body.responseData.version },
      tokens.teacher,
    )
    expect(again.body.responseData).toMatchObject({ status: 'done', grade: 9 })
  })

  it('a training quiz shows the right answers and the automatic result right after it is handed in, not before', async () => {
    const quiz = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 24, { type: 'quiz', quizMode: 'training', title: 'Training quiz' }),
    )
    const opened = (await open(quiz.id)).body.responseData
    expect(opened).toMatchObject({ answerKey: null, result: null })
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: quiz.id, version: opened.version, answers: partlyRightAnswers },
      tokens.student,
    )
    expect(submitted.body.responseData.answerKey).toEqual(quiz.questions)
    expect(submitted.body.responseData.result).toMatchObject({ final: false, grade: 6, comment: null })
    expect((await open(quiz.id)).body.responseData.answerKey).toEqual(quiz.questions)

    // An exam-mode quiz keeps them hidden after handing in.
    const exam = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 24, { type: 'quiz', quizMode: 'exam', title: 'Exam quiz' }),
    )
    const handedIn = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: exam.id, version: null, answers: partlyRightAnswers },
      tokens.student,
    )
    expect(handedIn.body.responseData).toMatchObject({ status: 'ready', answerKey: null, result: null })
  })

  it('refuses moves the correction machine does not make, with their catalogue code, and changes nothing', async () => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 24, { title: 'Refusals' }))
    const other = ids.studentsOfA.find((id) => id !== studentId)!
    const opened = (await open(set.id)).body.responseData
    const before = await submissionsTable(server.db)
    // Correcting work that is neither handed in nor past due: 152 (in progress, and not viewed).
    const inProgress = (await correction(set.id)).body.responseData
    for (const [path, body] of [
      ['/HomeWork/GradeSubmission', { homeworkId: set.id, studentId, version: inProgress.version, reviews: [{ questionId: 'essay', score: 1 }] }],
      ['/HomeWork/MarkSubmissionCorrected', { homeworkId: set.id, studentId, version: inProgress.version }],
      ['/HomeWork/MarkSubmissionCorrected', { homeworkId: set.id, studentId: other, version: 1 }],
    ] as const) {
      const answer = await post(base, path, body, tokens.teacher)
      expect(answer.body.responseCode, path).toBe(152)
      expect(answer.body.responseMessage).toMatch(/cannot be corrected yet/u)
    }
    const reopen = await post(base, '/HomeWork/ReopenSubmissionCorrection', { homeworkId: set.id, studentId, version: inProgress.version }, tokens.teacher, {
      language: 'ar-EG',
    })
    expect(reopen.body).toMatchObject({ responseCode: 154, responseMessage: 'لا يمكن إعادة فتح إلا العمل المصحَّح.' })
    expect(await submissionsTable(server.db)).toBe(before)

    // Handed in: no more drafts or hand-ins (151).
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: opened.version, answers: partlyRightAnswers },
      tokens.student,
    )
    const afterSubmit = await submissionsTable(server.db)
    for (const path of ['/Student/SaveHomeworkDraft', '/Student/SubmitHomework']) {
      const answer = await post(base, path, { homeworkId: set.id, version: submitted.body.responseData.version, answers: {} }, tokens.student)
      expect(answer.body.responseCode, path).toBe(151)
    }
    // Corrected: grading again needs a reopen first (153).
    const done = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: set.id, studentId, version: submitted.body.responseData.version },
      tokens.teacher,
    )
    expect(done.body.responseData.status).toBe('done')
    const regrade = await post(
      base,
      '/HomeWork/GradeSubmission',
      { homeworkId: set.id, studentId, version: done.body.responseData.version, reviews: [{ questionId: 'essay', score: 1 }] },
      tokens.teacher,
    )
    expect(regrade.body.responseCode).toBe(153)
    expect(afterSubmit).not.toBe(await submissionsTable(server.db))
  })

  it('a correction write repeated under its Idempotency-Key is answered again and applied once', async () => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 24, { title: 'Replayed grade' }))
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: null, answers: partlyRightAnswers },
      tokens.student,
    )
    const key = randomUUID()
    const body = {
      homeworkId: set.id,
      studentId,
      version: submitted.body.responseData.version,
      reviews: [{ questionId: 'essay', score: 3, comment: 'Full marks' }],
    }
    const first = await post<SubmissionForCorrection>(base, '/HomeWork/GradeSubmission', body, tokens.teacher, { idempotencyKey: key })
    const again = await post<SubmissionForCorrection>(base, '/HomeWork/GradeSubmission', body, tokens.teacher, { idempotencyKey: key })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await correction(set.id)).body.responseData).toMatchObject({ version: first.body.responseData.version, currentGrade: 9 })
  })

  it('answers that name no question of the homework, or do not fit its type, answer 105 naming each', async () => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 24, { title: 'Bad answers' }))
    const before = await submissionsTable(server.db)
    const answer = await post(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: null, answers: { ghost: { type: 2, selected: 'a' }, single: { type: 3, value: true } } },
      tokens.student,
    )
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.map((item) => item.field).sort()).toEqual(['answers.ghost', 'answers.single.type'])
    const malformed = await post(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: -1, answers: { single: { type: 2, selected: 'no spaces allowed' } } },
      tokens.student,
    )
    expect(malformed.body.responseCode).toBe(105)
    expect(malformed.body.validationList.map((item) => item.field)).toEqual(expect.arrayContaining(['version']))
    expect(await submissionsTable(server.db)).toBe(before)
  })

  it('the class answers give the scoring worker the work to correct, which it scores as the server does', async () => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 2, { title: 'For the class overview' }))
    const classAnswers = async () => {
      const answer = await get<ClassAnswers>(base, `/HomeWork/GetHomeworkClassAnswers?HomeworkID=${set.id}`, tokens.teacher)
      expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
      return { ...answer.body.responseData, decoded: decodeClassBatch(Buffer.from(answer.body.responseData.batch, 'base64')) }
    }
    // A draft is not work to correct yet.
    const opened = (await open(set.id)).body.responseData
    const drafted = await post<StudentHomework>(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: opened.version, answers: { single: partlyRightAnswers.single } },
      tokens.student,
    )
    const drafting = await classAnswers()
    expect(drafting).toMatchObject({ homeworkId: set.id, students: 0 })
    expect(drafting.decoded.questions).toEqual(set.questions)
    expect([...drafting.decoded.studentIds]).toEqual([])
    expect(drafting.questions).toEqual(set.questions.map(({ id, type, header, degree }) => ({ id, type, header, degree })))

    await post(base, '/Student/SubmitHomework', { homeworkId: set.id, version: drafted.body.responseData.version, answers: partlyRightAnswers }, tokens.student)
    const handedIn = await classAnswers()
    expect(handedIn.students).toBe(1)
    expect([...handedIn.decoded.studentIds]).toEqual([studentId])
    const scores = readPackedClassScores(prescoreClassPacked(handedIn.decoded))
    const provisional = (
      await get<CorrectionList>(base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${set.id}`, tokens.teacher)
    ).body.responseData.students.find((student) => student.studentId === studentId)!.grade
    expect(totalOf(scores, 0)).toEqual({ score: provisional, max: 14, manualMax: 3 })

    // Past due, the classmates who never opened it have nothing to score: still only her.
    time.advance(hours(3))
    const due = await classAnswers()
    expect([...due.decoded.studentIds]).toEqual([studentId])
  })
})
