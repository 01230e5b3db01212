import { describe, expect, it } from 'vitest'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, correctionCalls, sitExam, someAnswers } from '../support/exam-correction.ts'
import { okData } from '../support/exams.ts'
import { accounts } from '../support/http.ts'
import { correctionSchool } from '../support/correction-school.ts'

const minute = 60_000

/*
 * Split-mode correction through the real API with the server's clock moved by hand: an exam built,
 * approved and assigned through the builder, sat by two demo students through their links, closed by
 * the clock; each corrector grades her papers only; bad marks answer 105; the teacher publishes and
 * the student sees her own result then, and nothing before.
 */
describe.each(testDatabases)('correcting an exam in split mode, on $name', (database) => {
  const school = correctionSchool(database)
  const { time, tokens, examStatus } = school
  const { teacher, supervisor, student, student2 } = school.calls

  /** An assigned exam both demo students sat; the clock left just before its close. */
  const satExam = async () => {
    const exam = await assignedExam(school.server.url, school.ids, tokens, time.clock.now())
    time.advance(61 * minute)
    await sitExam(school.server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    await sitExam(school.server.url, tokens.student2, exam.id, { q1: { type: 2, selected: 'a' } }, time.clock.now())
    time.advance(119 * minute)
    return exam
  }

  it('gives out no paper before the exam closes (240), then on the first read gives each approved corrector her share, pre-scored', async () => {
    const exam = await satExam()
    const early = await teacher.papers(exam.id)
    expect(early.status).toBe(400)
    expect(early.body.responseCode).toBe(240)
    expect(early.body.responseMessage).toContain('has not closed yet')
    // The end has passed but not the school's grace period for answers sent late (120 s).
    time.advance(90_000)
    expect((await teacher.papers(exam.id)).body.responseCode).toBe(240)
    time.advance(60_000)
    const hers = okData(await teacher.papers(exam.id))
    const theirs = okData(await supervisor.papers(exam.id))
    expect(hers.status).toBe('underCorrection')
    expect(await examStatus(exam.id)).toBe('underCorrection')
    // Two papers at 60/40: one each (largest remainders), never both to one nor one twice.
    expect(hers.papers).toHaveLength(1)
    expect(theirs.papers).toHaveLength(1)
    expect(hers.papers[0]!.sessionId).not.toBe(theirs.papers[0]!.sessionId)
    expect([hers.papers[0]!.classRoomName, theirs.papers[0]!.classRoomName].sort()).toEqual(['Grade 4 A', 'Grade 4 B'])
    // Reading again gives nothing out again.
    okData(await teacher.papers(exam.id))
    const rows = await school.server.db.query('SELECT p.attempt_id FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id WHERE a.exam_id = $1', [
      exam.id,
    ])
    expect(rows).toHaveLength(2)
    const [scores] = await school.server.db.query<{ auto_scores: Record<string, { score: number }> }>(
      `SELECT a.auto_scores FROM exam_attempts a JOIN students st ON st.id = a.student_id JOIN users u ON u.id = st.user_id WHERE a.exam_id = $1 AND u.email = $2`,
      [exam.id, accounts.student.email],
    )
    expect(Object.fromEntries(Object.entries(scores!.auto_scores).map(([key, value]) => [key, value.score]))).toEqual({ q1: 2, q2: 2, q3: 0, q4: 1, q5: 0 })
  })

  it('shows a corrector her paper with answers, automatic scores and the key; another corrector gets 404 reading or grading it', async () => {
    const exam = await satExam()
    time.advance(3 * minute)
    const mine = okData(await teacher.papers(exam.id)).papers[0]!
    const paper = okData(await teacher.session(mine.sessionId))
    expect(paper).toMatchObject({ examId: exam.id, graded: false, editable: true, previousSessionId: null, nextSessionId: null })
    expect(paper.questions.map((entry) => entry.question.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5'])
    expect(paper.questions.find((entry) => entry.question.id === 'q5')).toMatchObject({ manual: true, mark: null })
    const other = await supervisor.session(mine.sessionId)
    expect(other.status).toBe(404)
    const before = await school.server.db.query('SELECT marks, version FROM exam_papers ORDER BY attempt_id, corrector_id')
    const grading = await supervisor.correct({ sessionId: mine.sessionId, version: paper.version, questionId: 'q5', score: 1 })
    expect(grading.status).toBe(404)
    expect((await supervisor.finish({ sessionId: mine.sessionId, version: paper.version })).status).toBe(404)
    expect(await school.server.db.query('SELECT marks, version FROM exam_papers ORDER BY attempt_id, corrector_id')).toEqual(before)
    // A student and a teacher who corrects nothing reach no paper either.
    expect((await student.session(mine.sessionId)).status).toBe(403)
  })

  it('refuses bad marks with 105 and the catalogue message in the request language, a stale version with 139, an unmarked paragraph with 242', async () => {
    const exam = await satExam()
    time.advance(3 * minute)
    const mine = okData(await teacher.papers(exam.id)).papers[0]!
    const paper = okData(await teacher.session(mine.sessionId))
    const base = { sessionId: mine.sessionId, version: paper.version, questionId: 'q5' }
    const above = await teacher.correct({ ...base, score: 3 })
    expect(above.status).toBe(400)
    expect(above.body.responseCode).toBe(105)
    expect(above.body.validationList).toEqual([expect.objectContaining({ field: 'score', message: 'Give at most 2, the degree of this question.' })])
    const inArabic = await correctionCalls(school.server.url, tokens.teacher, 'ar-EG').correct({ ...base, score: 3 })
    expect(inArabic.body.validationList[0]!.message).toMatch(/[\u0600-\u06FF]/u)
    for (const [body, field] of [
      [{ ...base, score: -1 }, 'score'],
      [{ ...base, score: '' }, 'score'],
      [{ ...base, score: 1.234 }, 'score'],
      [{ ...base, questionId: '', score: 1 }, 'questionId'],
      [{ ...base, questionId: 'nope', score: 1 }, 'questionId'],
      [{ ...base, score: 1, comment: 'x'.repeat(2001) }, 'comment'],
      [{ sessionId: mine.sessionId, score: 1, questionId: 'q5' }, 'version'],
    ] as const) {
      const answer = await teacher.correct(body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.responseCode).toBe(105)
      expect(answer.body.validationList.map((item) => item.field)).toEqual([field])
      expect(answer.body.validationList[0]!.message.trim()).not.toBe('')
    }
    expect((await teacher.finish({ sessionId: mine.sessionId, version: paper.version })).body.responseCode).toBe(242)
    const marked = okData(await teacher.correct({ ...base, score: 1.5, comment: '  Good reasoning.  ' }))
    expect(marked.questions.find((entry) => entry.question.id === 'q5')!.mark).toEqual({ score: 1.5, comment: 'Good reasoning.' })
    expect(marked.version).toBe(paper.version + 1)
    const stale = await teacher.correct({ ...base, score: 2 })
    expect(stale.body.responseCode).toBe(139)
    // Overriding an automatic score is allowed: q1 was 2 by the key, she gives 1.
    okData(await teacher.correct({ ...base, version: marked.version, questionId: 'q1', score: 1 }))
    const [corrector] = await school.server.db.query<{ status: string }>('SELECT status FROM exam_correctors WHERE exam_id = $1 AND corrector_id = $2', [
      exam.id,
      school.ids.teacherId,
    ])
    expect(corrector!.status).toBe('inProgress')
  })

  it('moves the exam to done when both papers are graded; publishing shows each student her own result, nothing before', async () => {
    const exam = await satExam()
    time.advance(3 * minute)
    const grade = async (calls: ReturnType<typeof correctionCalls>, score: number) => {
      const mine = okData(await calls.papers(exam.id)).papers[0]!
      let paper = okData(await calls.session(mine.sessionId))
      paper = okData(await calls.correct({ sessionId: mine.sessionId, version: paper.version, questionId: 'q5', score }))
      return okData(await calls.finish({ sessionId: mine.sessionId, version: paper.version }))
    }
    expect((await teacher.publish(exam.id)).body.responseCode).toBe(243)
    expect((await grade(teacher, 2)).graded).toBe(true)
    expect(await examStatus(exam.id)).toBe('underCorrection')
    await grade(supervisor, 1)
    expect(await examStatus(exam.id)).toBe('done')
    // Done: marks no longer change.
    const mine = okData(await teacher.papers(exam.id)).papers[0]!
    const done = okData(await teacher.session(mine.sessionId))
    expect(done.editable).toBe(false)
    expect((await teacher.correct({ sessionId: mine.sessionId, version: done.version, questionId: 'q5', score: 0 })).body.responseCode).toBe(241)

    const results = okData(await teacher.results(exam.id))
    const sat = results.classRooms.flatMap((room) => room.students).filter((entry) => entry.attempted)
    // Grade 4 A's student (dealt first, to the teacher): 5 automatic + 2; Grade 4 B's: 0 + the supervisor's 1.
    expect(sat.map((entry) => [entry.studentName !== '', entry.finalMark])).toHaveLength(2)
    expect(sat.map((entry) => entry.finalMark).sort()).toEqual([1, 7])
    expect(results.classRooms.map((room) => room.students.length).reduce((a, b) => a + b, 0)).toBe(50)
    // Two divisions of one grade never read alike: each room's name carries its division.
    expect(results.classRooms.map((room) => room.classRoomName).sort()).toEqual(['Grade 4 A', 'Grade 4 B'])
    expect(results.questions.find((entry) => entry.questionId === 'q1')).toMatchObject({ facility: 0.5, discrimination: 1 })
    expect(results.questions.find((entry) => entry.questionId === 'q3')).toMatchObject({ facility: 0, discrimination: 0 })
    expect(results.questions.find((entry) => entry.questionId === 'q5')).toMatchObject({ facility: 0.75, discrimination: 0.5 })

    // Before publishing the student sees nothing of it; a teacher's results call is not hers.
    expect(okData(await student.mine()).some((entry) => entry.examId === exam.id)).toBe(false)
    expect((await student.results(exam.id)).status).toBe(403)
    const published = okData(await teacher.publish(exam.id))
    expect(published.published).toBe(true)
    expect(await examStatus(exam.id)).toBe('published')
    expect((await teacher.publish(exam.id)).body.responseCode).toBe(243)
    const hers = okData(await student.mine()).find((entry) => entry.examId === exam.id)!
    expect(hers.finalMark).toBe(7)
    expect(hers.questions.find((entry) => entry.questionId === 'q5')!.score).toBe(2)
    for (const secret of ['"correct"', 'modelAnswer', 'Three each', '"pairs"', '"options"']) expect(JSON.stringify(hers)).not.toContain(secret)
    expect(okData(await student2.mine()).find((entry) => entry.examId === exam.id)!.finalMark).toBe(1)

    const csv = await teacher.exportCsv(exam.id)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await csv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n')
    expect(lines[0]).toBe('Class room,Student,Mark,Out of')
    expect(lines).toHaveLength(51)
    expect(lines.filter((line) => line.endsWith(',7,10') || line.endsWith(',1,10'))).toHaveLength(2)
    expect(lines.filter((line) => line.startsWith('Grade 4 A,'))).toHaveLength(25)
    const arabic = new TextDecoder().decode(new Uint8Array(await (await teacher.exportCsv(exam.id, 'ar-EG')).arrayBuffer()))
    expect(arabic).toContain('الطالب')
  })
})
