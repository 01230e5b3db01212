import { randomUUID } from 'node:crypto'
import type { Question } from '../../../contracts/questions/question.ts'
import { demo } from './app.ts'
import { apiCall, classRoomsOf, tokenOf } from './homework-api.ts'

interface ExamLine {
  readonly id: number
  readonly subjectId: number
  readonly stageId: number
  readonly teacherId: string
  readonly status: string
}

/**
 * An exam the demo teacher builds for her Grade 4 A (the class room of the demo draft's), which the
 * supervisor approves and she assigns, through the exam service's calls: open from a minute ago for
 * two hours, `durationMinutes` long, the teacher its only corrector. Answers its id.
 */
export const assignedExam = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    durationMinutes?: number
    questionOrder?: 'random' | 'same'
    /** Other class rooms of the teacher than the demo draft's (Grade 4 A). */
    classRoomIds?: ReadonlyArray<number>
  },
): Promise<number> => {
  const teacher = await tokenOf(baseURL, demo.teacher)
  const supervisor = await tokenOf(baseURL, demo.supervisor)
  const lines = await apiCall<ExamLine[]>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draft = lines.data.find((line) => line.status === 'draft')!
  const details = await apiCall<{ target: { kind: 'classes'; classRoomIds: number[] } }>(
    baseURL,
    'GET',
    `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draft.id}`,
    teacher,
  )
  const now = Date.now()
  const created = await apiCall<{ id: number }>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacher, {
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: exam.questionOrder ?? 'same',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 2 * 60 * 60_000).toISOString(),
    durationMinutes: exam.durationMinutes ?? 30,
    questionCount: exam.questions.length,
    totalDegree: exam.questions.reduce((sum, question) => sum + question.degree, 0),
    questions: exam.questions,
    target: exam.classRoomIds === undefined ? details.data.target : { kind: 'classes', classRoomIds: exam.classRoomIds },
    correctorsMode: 'split',
    correctors: [{ correctorId: draft.teacherId, percentage: 100 }],
  })
  if (created.code !== 200) throw new Error(`the exam was not created: ${JSON.stringify(created)}`)
  const examId = created.data.id
  for (const [token, path, body] of [
    [teacher, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/AssignFixedExam', { examId }],
  ] as const) {
    const moved = await apiCall(baseURL, 'POST', path, token, body)
    if (moved.code !== 200) throw new Error(`${path} refused: ${JSON.stringify(moved)}`)
  }
  return examId
}

/** One student's attempt: her answers by question id, as the take-exam page sends them. */
export type ExamAnswers = Readonly<Record<string, unknown>>

/** She sits the exam through her own link (opened and finished through the API, now). */
const sitThroughApi = async (baseURL: string, token: string, examId: number, answers: ExamAnswers) => {
  const listed = await apiCall<{ exams: Array<{ examId: number; token: string | null }> }>(baseURL, 'GET', '/exam/api/Sessions/GetStudentExams', token)
  const link = listed.data.exams.find((exam) => exam.examId === examId)?.token
  if (!link) throw new Error(`no link to exam ${examId}: ${JSON.stringify(listed)}`)
  const deviceKey = `device-${randomUUID()}`
  const opened = await apiCall(baseURL, 'POST', '/exam/api/Sessions/OpenExamSession', token, { token: link, deviceKey })
  if (opened.code !== 200) throw new Error(`the exam did not open: ${JSON.stringify(opened)}`)
  const finished = await apiCall(baseURL, 'POST', '/exam/api/Sessions/FinishExamSession', token, {
    token: link,
    deviceKey,
    answers,
    markedForReview: [],
    givenAt: new Date().toISOString(),
  })
  if (finished.code !== 200) throw new Error(`the exam did not finish: ${JSON.stringify(finished)}`)
}

/**
 * An exam of the demo teacher for Grade 4 A and B, corrected by her (60 %) and the supervisor (40 %)
 * in `correctorsMode`, open since ten minutes ago and ending `endsInMs` from now: built, approved,
 * its correctors' acceptance approved by the supervisor, assigned; then `sittings` (a student account
 * and her answers) sit it through their links, open and finish. Its papers are given out once it
 * closes (its end and the school's 120 s grace period): `closesAt` says when, by this machine's clock.
 */
export const examSatForCorrection = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    correctorsMode: 'split' | 'double'
    markDifferenceThreshold?: number
    endsInMs: number
    sittings: ReadonlyArray<{ account: { email: string; password: string }; answers: ExamAnswers }>
  },
): Promise<{ examId: number; closesAt: number }> => {
  // Signing in hashes a password (seconds on a busy machine): every account signs in before the exam's clock starts.
  const teacher = await tokenOf(baseURL, demo.teacher)
  const supervisor = await tokenOf(baseURL, demo.supervisor)
  const students = await Promise.all(exam.sittings.map((sitting) => tokenOf(baseURL, sitting.account)))
  const lines = await apiCall<Array<ExamLine & { title: string }>>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draft = lines.data.find((line) => line.status === 'draft')!
  // The demo midterm names the supervisor as its second corrector: her id, as the builder's picker gives it.
  const shared = lines.data.find((line) => line.status === 'waitingForApproval')!
  const correctors = await apiCall<{ correctors: Array<{ correctorId: string }> }>(
    baseURL,
    'POST',
    `/exam/api/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${shared.id}`,
    teacher,
  )
  const supervisorId = correctors.data.correctors.find((corrector) => corrector.correctorId !== draft.teacherId)!.correctorId
  const rooms = await apiCall<Array<{ classRoomId: number; name: string; division: string }>>(
    baseURL,
    'GET',
    '/school/api/ClassRooms/GetTeacherClassRooms',
    teacher,
  )
  const grade4 = rooms.data.filter((room) => /4/u.test(room.name) && (room.division === 'A' || room.division === 'B')).map((room) => room.classRoomId)
  const now = Date.now()
  const endsAt = now + exam.endsInMs
  const created = await apiCall<{ id: number }>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacher, {
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: 'same',
    startsAt: new Date(now - 10 * 60_000).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    durationMinutes: 5,
    questionCount: exam.questions.length,
    totalDegree: exam.questions.reduce((sum, question) => sum + question.degree, 0),
    questions: exam.questions,
    target: { kind: 'classes', classRoomIds: grade4 },
    correctorsMode: exam.correctorsMode,
    ...(exam.markDifferenceThreshold === undefined ? {} : { markDifferenceThreshold: exam.markDifferenceThreshold }),
    correctors: [
      { correctorId: draft.teacherId, percentage: 60 },
      { correctorId: supervisorId, percentage: 40 },
    ],
  })
  if (created.code !== 200) throw new Error(`the exam was not created: ${JSON.stringify(created)}`)
  const examId = created.data.id
  for (const [token, path, body] of [
    [teacher, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }],
    [supervisor, '/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }],
    [supervisor, '/exam/api/ExamBuilder/UpdateCorrectorApprovalStatus', { examId, correctorId: draft.teacherId, decision: 'approve' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateCorrectorApprovalStatus', { examId, correctorId: supervisorId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/AssignFixedExam', { examId }],
  ] as const) {
    const moved = await apiCall(baseURL, 'POST', path, token, body)
    if (moved.code !== 200) throw new Error(`${path} refused: ${JSON.stringify(moved)}`)
  }
  for (const [index, sitting] of exam.sittings.entries()) await sitThroughApi(baseURL, students[index]!, examId, sitting.answers)
  return { examId, closesAt: endsAt + 120_000 }
}

/** A corrector's papers and one paper, and her mark and finish, through the API (another device's marks). */
export const correctorCalls = (baseURL: string, token: string) => ({
  papers: async (examId: number) =>
    (
      await apiCall<{ papers: Array<{ sessionId: number; studentName: string; graded: boolean }> }>(
        baseURL,
        'GET',
        `/exam/api/Sessions/GetCorrectorPapers?ExamID=${examId}`,
        token,
      )
    ).data.papers,
  markAndFinish: async (sessionId: number, marks: Readonly<Record<string, number>>) => {
    let version = (await apiCall<{ version: number }>(baseURL, 'GET', `/exam/api/Sessions/GetCorrectorExamSession?ExamSessionID=${sessionId}`, token)).data
      .version
    for (const [questionId, score] of Object.entries(marks)) {
      const marked = await apiCall<{ version: number }>(baseURL, 'POST', '/exam/api/Sessions/CorrectSessionQuestion', token, {
        sessionId,
        version,
        questionId,
        score,
      })
      if (marked.code !== 200) throw new Error(`the mark was refused: ${JSON.stringify(marked)}`)
      version = marked.data.version
    }
    const finished = await apiCall(baseURL, 'POST', '/exam/api/Sessions/FinishPaper', token, { sessionId, version })
    if (finished.code !== 200) throw new Error(`the paper was not finished: ${JSON.stringify(finished)}`)
  },
})

/**
 * An exam brought to done through the API, for the results tests: the demo teacher's, for Grade 4 A
 * and B with the teacher its only corrector (accepted, approved by the supervisor), open from a
 * minute ago until `openForMs` from now; the demo student (4 A) and student2 (4 B) sit it with
 * their `answers`; after its end and the school's 120 s grace the teacher grades each paper's
 * hand-marked questions with `handScores[student]` and finishes it. Takes about `openForMs` + 2 min.
 */
export const doneExam = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    answers: { student: ExamAnswers; student2: ExamAnswers }
    handScores: { student: Record<string, number>; student2: Record<string, number> }
    openForMs?: number
  },
): Promise<number> => {
  const teacher = await tokenOf(baseURL, demo.teacher)
  const supervisor = await tokenOf(baseURL, demo.supervisor)
  const lines = await apiCall<ExamLine[]>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draft = lines.data.find((line) => line.status === 'draft')!
  const details = await apiCall<{ target: { classRoomIds: number[] } }>(baseURL, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draft.id}`, teacher)
  const rooms = await classRoomsOf(baseURL, teacher)
  const grade = rooms.find((room) => room.classRoomId === details.data.target.classRoomIds[0])!.name
  const grade4 = rooms.filter((room) => room.name === grade).map((room) => room.classRoomId)
  const now = Date.now()
  const created = await apiCall<{ id: number }>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacher, {
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: 'same',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + (exam.openForMs ?? 45_000)).toISOString(),
    durationMinutes: 1,
    questionCount: exam.questions.length,
    totalDegree: exam.questions.reduce((sum, question) => sum + question.degree, 0),
    questions: exam.questions,
    target: { kind: 'classes', classRoomIds: grade4 },
    correctorsMode: 'split',
    correctors: [{ correctorId: draft.teacherId, percentage: 100 }],
  })
  if (created.code !== 200) throw new Error(`the exam was not created: ${JSON.stringify(created)}`)
  const examId = created.data.id
  for (const [token, path, body] of [
    [teacher, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }],
    [supervisor, '/exam/api/ExamBuilder/UpdateCorrectorApprovalStatus', { examId, correctorId: draft.teacherId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/AssignFixedExam', { examId }],
  ] as const) {
    const moved = await apiCall(baseURL, 'POST', path, token, body)
    if (moved.code !== 200) throw new Error(`${path} refused: ${JSON.stringify(moved)}`)
  }
  const students = { student: await tokenOf(baseURL, demo.student), student2: await tokenOf(baseURL, demo.student2) }
  await sitThroughApi(baseURL, students.student, examId, exam.answers.student)
  await sitThroughApi(baseURL, students.student2, examId, exam.answers.student2)
  // The papers are given out on the first read after the end and the grace period (240 until then).
  let papers = await apiCall<{ papers: Array<{ sessionId: number }> }>(baseURL, 'GET', `/exam/api/Sessions/GetCorrectorPapers?ExamID=${examId}`, teacher)
  for (let waited = 0; papers.code !== 200 && waited < 300_000; waited += 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    papers = await apiCall(baseURL, 'GET', `/exam/api/Sessions/GetCorrectorPapers?ExamID=${examId}`, teacher)
  }
  if (papers.code !== 200) throw new Error(`the exam never closed: ${JSON.stringify(papers)}`)
  // Her papers come class room by class room: Grade 4 A's student first, then 4 B's.
  const teacherCalls = correctorCalls(baseURL, teacher)
  for (const [index, paper] of papers.data.papers.entries())
    await teacherCalls.markAndFinish(paper.sessionId, index === 0 ? exam.handScores.student : exam.handScores.student2)
  return examId
}
