import { describe, expect, it } from 'vitest'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, correctionCalls, sitExam, someAnswers } from '../support/exam-correction.ts'
import { okData } from '../support/exams.ts'
import { correctionSchool } from '../support/correction-school.ts'

const minute = 60_000

/*
 * Double marking through the real API: both correctors (teacher 60 %, supervisor 40 %) grade every
 * paper on their own; a question whose marks differ by more than the threshold is flagged to the
 * supervising corrector, whose settled score wins; the exam is done only once it is settled.
 */
describe.each(testDatabases)('double marking with a flagged difference, on $name', (database) => {
  const school = correctionSchool(database)
  const { time, tokens, examStatus } = school
  const { teacher, supervisor, student } = school.calls

  /** Her paper of the one student's attempt: q5 marked `score`, and finished. */
  const gradeAndFinish = async (calls: ReturnType<typeof correctionCalls>, examId: number, score: number) => {
    const papers = okData(await calls.papers(examId)).papers
    expect(papers).toHaveLength(1)
    let paper = okData(await calls.session(papers[0]!.sessionId))
    paper = okData(await calls.correct({ sessionId: paper.sessionId, version: paper.version, questionId: 'q5', score }))
    return okData(await calls.finish({ sessionId: paper.sessionId, version: paper.version }))
  }

  it('gives every paper to both markers, flags a difference over the threshold, and the supervisor settles it', async () => {
    const exam = await assignedExam(school.server.url, school.ids, tokens, time.clock.now(), { correctorsMode: 'double', markDifferenceThreshold: 0.5 })
    time.advance(61 * minute)
    await sitExam(school.server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    time.advance(125 * minute)

    const hers = await gradeAndFinish(teacher, exam.id, 2)
    // One marker done: nothing to compare yet, the exam waits for the other.
    expect(okData(await supervisor.flagged(exam.id))).toEqual([])
    expect(await examStatus(exam.id)).toBe('underCorrection')
    const theirs = await gradeAndFinish(supervisor, exam.id, 0.5)
    expect(theirs.sessionId).toBe(hers.sessionId)
    // Both graded, but q5 differs by 1.5 > 0.5: not done until it is settled.
    expect(await examStatus(exam.id)).toBe('underCorrection')
    const flagged = okData(await supervisor.flagged(exam.id))
    expect(flagged).toHaveLength(1)
    expect(flagged[0]).toMatchObject({ sessionId: hers.sessionId, questionId: 'q5', degree: 2, settledScore: null })
    expect(flagged[0]!.scores.map((entry) => entry.score).sort()).toEqual([0.5, 2])

    // Only a supervising corrector sees or settles differences.
    expect((await teacher.flagged(exam.id)).status).toBe(403)
    expect((await teacher.settle({ sessionId: hers.sessionId, questionId: 'q5', score: 1 })).status).toBe(403)
    // A question not flagged (the markers agree on q1) is not settled; a score above the degree answers 105.
    expect((await supervisor.settle({ sessionId: hers.sessionId, questionId: 'q1', score: 1 })).body.responseCode).toBe(244)
    const above = await supervisor.settle({ sessionId: hers.sessionId, questionId: 'q5', score: 2.5 })
    expect(above.body.responseCode).toBe(105)
    expect(above.body.validationList.map((item) => item.field)).toEqual(['score'])
    expect((await supervisor.settle({ sessionId: hers.sessionId, questionId: 'q5', score: -1 })).body.responseCode).toBe(105)

    const settled = okData(await supervisor.settle({ sessionId: hers.sessionId, questionId: 'q5', score: 1.5 }))
    expect(settled.settledScore).toBe(1.5)
    expect(await examStatus(exam.id)).toBe('done')
    expect(okData(await supervisor.flagged(exam.id))[0]!.settledScore).toBe(1.5)
    // Done: nothing more is settled.
    expect((await supervisor.settle({ sessionId: hers.sessionId, questionId: 'q5', score: 1 })).body.responseCode).toBe(241)

    // Final mark: the automatic 5 (both markers agree) plus the settled 1.5 for q5.
    const results = okData(await teacher.results(exam.id))
    const sat = results.classRooms.flatMap((room) => room.students).filter((entry) => entry.attempted)
    expect(sat.map((entry) => entry.finalMark)).toEqual([6.5])
    okData(await teacher.publish(exam.id))
    expect(okData(await student.mine()).find((entry) => entry.examId === exam.id)!.finalMark).toBe(6.5)
  })

  it('weights the markers by their percentages where they differ within the threshold', async () => {
    const exam = await assignedExam(school.server.url, school.ids, tokens, time.clock.now(), { correctorsMode: 'double', markDifferenceThreshold: 1 })
    time.advance(61 * minute)
    await sitExam(school.server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    time.advance(125 * minute)
    await gradeAndFinish(teacher, exam.id, 2)
    await gradeAndFinish(supervisor, exam.id, 1)
    expect(okData(await supervisor.flagged(exam.id))).toEqual([])
    expect(await examStatus(exam.id)).toBe('done')
    // q5: 60 % of 2 + 40 % of 1 = 1.6, plus the automatic 5.
    const sat = okData(await teacher.results(exam.id))
      .classRooms.flatMap((room) => room.students)
      .filter((entry) => entry.attempted)
    expect(sat.map((entry) => entry.finalMark)).toEqual([6.6])
  })
})
