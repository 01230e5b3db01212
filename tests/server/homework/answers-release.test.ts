import { describe, expect, it } from 'vitest'
import type { AnswersRelease } from '../../../plugins/homework/contract/answers-release.ts'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import { testDatabases } from '../support/databases.ts'
import { useHomeworkFlow } from '../support/homework-flow.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers, post, scoredQuestions } from '../support/submissions.ts'

/**
 * A homework's right answers reach its student only at the moment its teacher chose (issue 21:
 * never, after hand-in, after the due date, after grading; plugins/homework/contract/answers-release.ts).
 * Before it, no response she gets carries them, nor what lets her work them out: correct options, the
 * true/false value, accepted gap answers, model answers, connect pairs, a re-arrange's right order
 * or per-part marks. Her own answers come back from the hand-in on; marks and comments once corrected.
 */
const steps: Question = {
  type: 6,
  id: 'steps',
  header: 'Put the days in order.',
  degree: 1,
  items: [
    { id: 's1', text: 'Saturday' },
    { id: 's2', text: 'Sunday' },
    { id: 's3', text: 'Monday' },
    { id: 's4', text: 'Tuesday' },
  ],
}
const questions = [...scoredQuestions, steps]
const answers = { ...partlyRightAnswers, steps: { type: 6, order: ['s2', 's1', 's3', 's4'] } }

/** Nothing of what is right: the whole answer is read, not only its questions. */
const expectNothingRight = (view: StudentHomework) => {
  expect(view.answerKey).toBeNull()
  const text = JSON.stringify(view.questions)
  expect(text).not.toMatch(/"correct"|"answers"|"pairs"|"modelAnswer"|"matching"/u)
  expect(JSON.stringify(view)).not.toMatch(/Three each|"parts"/u)
  const shown = view.questions.find((question) => question.id === 'steps') as { readonly items: ReadonlyArray<{ readonly id: string }> }
  expect(shown.items.map((item) => item.id)).not.toEqual(['s1', 's2', 's3', 's4'])
  for (const result of view.result?.questions ?? []) expect(Object.keys(result).sort()).toEqual(['comment', 'max', 'outcome', 'questionId', 'score'])
}

const expectReleased = (view: StudentHomework, released: boolean) => {
  if (!released) return expectNothingRight(view)
  expect(view.answerKey).toEqual(questions)
}

describe.each(testDatabases)('when a student sees the right answers, on $name', (database) => {
  const flow = useHomeworkFlow(database)
  const { time, tokens, open } = flow

  const setHomework = (answersRelease: AnswersRelease | undefined, title: string) =>
    insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 24, {
        title,
        questions,
        totalDegree: 15,
        ...(answersRelease === undefined ? {} : { answersRelease }),
      }),
    )

  const submit = async (homework: HomeworkDetails, version: number | null) => {
    const answer = await post<StudentHomework>(flow.base, '/Student/SubmitHomework', { homeworkId: homework.id, version, answers }, tokens.student)
    expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }

  const markCorrected = async (homework: HomeworkDetails) => {
    const work = (await flow.correction(homework.id)).body.responseData
    const done = await post<SubmissionForCorrection>(
      flow.base,
      '/HomeWork/MarkSubmissionCorrected',
      {
        homeworkId: homework.id,
        studentId: flow.studentId,
        version: work.version,
        reviews: [{ questionId: 'essay', score: 2, comment: 'Show the division.' }],
        comment: 'Good work.',
      },
      tokens.teacher,
    )
    expect(done.body.responseCode, JSON.stringify(done.body)).toBe(200)
  }

  const moments: ReadonlyArray<{ release: AnswersRelease; handedIn: boolean; pastDue: boolean; corrected: boolean }> = [
    { release: 'never', handedIn: false, pastDue: false, corrected: false },
    { release: 'afterHandIn', handedIn: true, pastDue: true, corrected: true },
    { release: 'afterDue', handedIn: false, pastDue: true, corrected: true },
    { release: 'afterGrading', handedIn: false, pastDue: false, corrected: true },
  ]

  it.each(moments)('$release: stored, and the right answers in no response before its moment', async ({ release, handedIn, pastDue, corrected }) => {
    const homework = await setHomework(release, `Release ${release}`)
    expect(homework.answersRelease).toBe(release)
    const forEdit = await get<HomeworkDetails>(flow.base, `/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${homework.id}`, tokens.teacher)
    expect(forEdit.body.responseData.answersRelease).toBe(release)

    // Answering: never, whatever the setting.
    const opened = (await open(homework.id)).body.responseData
    expectNothingRight(opened)
    expect(opened.result).toBeNull()

    // Handed in: her answers come back; no marks before correction (not a training quiz).
    const submitted = await submit(homework, opened.version)
    expect(submitted.answers).toEqual(answers)
    expect(submitted.result).toBeNull()
    expectReleased(submitted, handedIn)
    expectReleased((await open(homework.id)).body.responseData, handedIn)

    // Past the due date.
    time.advance(hours(25))
    expectReleased((await open(homework.id)).body.responseData, pastDue)

    // Corrected: her marks, the teacher's comments, and per question right, wrong or partly right.
    await markCorrected(homework)
    const seen = (await open(homework.id)).body.responseData
    expectReleased(seen, corrected)
    expect(seen.answers).toEqual(answers)
    expect(seen.result).toMatchObject({ final: true, comment: 'Good work.' })
    const byId = new Map(seen.result!.questions.map((result) => [result.questionId, result]))
    expect(byId.get('single')).toMatchObject({ outcome: 'correct', score: 1 })
    expect(byId.get('statement')).toMatchObject({ outcome: 'incorrect', score: 0 })
    expect(byId.get('gaps')).toMatchObject({ outcome: 'partial', score: 1.5 })
    expect(byId.get('essay')).toEqual({ questionId: 'essay', score: 2, max: 3, outcome: 'partial', comment: 'Show the division.' })
  })

  it('defaults to after grading, and to after hand-in for a training quiz; an edit that names none keeps it; a bad value is 105', async () => {
    const plain = await setHomework(undefined, 'Default release')
    expect(plain.answersRelease).toBe('afterGrading')
    const training = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 24, { type: 'quiz', quizMode: 'training', title: 'Training default' }),
    )
    expect(training.answersRelease).toBe('afterHandIn')

    const {
      id,
      version,
      classRoomId: _room,
      teacherId: _teacher,
      answeredCount: _count,
      createdAt: _c,
      updatedAt: _u,
      answersRelease: _r,
      materials: _m,
      ...content
    } = plain
    const edited = await post<HomeworkDetails>(flow.base, '/HomeWork/EditHomeWork', { id, version, ...content, title: 'Default kept' }, tokens.teacher)
    expect(edited.body.responseCode, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.responseData.answersRelease).toBe('afterGrading')
    const changed = await post<HomeworkDetails>(
      flow.base,
      '/HomeWork/EditHomeWork',
      { id, version: edited.body.responseData.version, ...content, answersRelease: 'never' },
      tokens.teacher,
    )
    expect(changed.body.responseData.answersRelease).toBe('never')

    for (const bad of ['always', '', null, 3]) {
      const insert = await post(
        flow.base,
        '/HomeWork/InsertHomeWork',
        { ...homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 24), answersRelease: bad },
        tokens.teacher,
      )
      expect(insert.body.responseCode, JSON.stringify(insert.body)).toBe(105)
      expect(JSON.stringify(insert.body)).toMatch(/answersRelease/u)
    }
  })

  it('her released answers are hers: another student (not aimed at, or of another room) and a teacher get no view of them', async () => {
    const others = flow.ids.studentsOfA.filter((studentId) => studentId !== flow.studentId).slice(0, 2)
    const chosen = await insertHomework(
      flow.base,
      tokens.teacher,
      homeworkAround(time.clock.now(), flow.ids.roomA, flow.ids.mathematics, 24, {
        title: 'Released to her',
        questions,
        totalDegree: 15,
        answersRelease: 'afterHandIn',
        target: { kind: 'students', studentIds: [flow.studentId, ...others] },
      }),
    )
    const handed = await submit(chosen, null)
    expect(handed.answerKey).toEqual(questions)
    // student2 is of another class room; the teacher is not a student.
    for (const [token, status] of [
      [tokens.student2, 404],
      [tokens.teacher, 403],
      [tokens.teacher2, 403],
    ] as const) {
      const answer = await open(chosen.id, token)
      expect(answer.status).toBe(status)
      expect(JSON.stringify(answer.body)).not.toMatch(/Three each|"answerKey"|"correct"/u)
    }
  })
})
