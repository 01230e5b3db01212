import { randomUUID } from 'node:crypto'
import type { Question } from '../../../contracts/questions/question.ts'
import { demo } from './app.ts'
import { fixedExamRequest } from './exam-drafts.ts'
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
  const created = await apiCall<{ id: number }>(
    baseURL,
    'POST',
    '/exam/api/ExamBuilder/CreateFixedExam',
    teacher,
    fixedExamRequest({
      title: exam.title,
      subjectId: draft.subjectId,
      stageId: draft.stageId,
      questionOrder: exam.questionOrder ?? 'same',
      startsAt: now - 60_000,
      endsAt: now + 2 * 60 * 60_000,
      durationMinutes: exam.durationMinutes ?? 30,
      questions: exam.questions,
      target: exam.classRoomIds === undefined ? details.data.target : { kind: 'classes', classRoomIds: exam.classRoomIds },
      correctorsMode: 'split',
      correctors: [{ correctorId: draft.teacherId, percentage: 100 }],
    }),
  )
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

/** The grace the browser tests give answers sent late: enough for a sitting sent just before an end, short enough not to keep the tests waiting. */
export const testGraceSeconds = 5

/**
 * The demo school's offline grace period (issue 22), set by its admin through the exam settings
 * call: an exam closes for correction at its end plus this many seconds, read when it closes.
 */
export const setExamGrace = async (baseURL: string, seconds: number) => {
  const set = await apiCall(baseURL, 'POST', '/exam/api/ExamSettings/SetSchoolExamSettings', await tokenOf(baseURL, demo.admin), {
    offlineGraceSeconds: seconds,
  })
  if (set.code !== 200) throw new Error(`the grace was not set: ${JSON.stringify(set)}`)
}

type Sitting = { readonly account: { email: string; password: string }; readonly answers: ExamAnswers }

/**
 * One exam of the demo teacher for Grade 4 A and B brought to its sitting through the exam service's
 * calls: the school's grace set to `graceSeconds`; the exam created open since `openedAgoMs` until
 * `endsInMs` from now, `durationMinutes` long, with `correctors` (the teacher alone at 100 %, or she
 * at 60 % and the supervisor at 40 %); submitted and approved, each corrector's acceptance approved
 * by the supervisor, assigned; then each of `sittings` sits it through her link, open and finish.
 * Every account signs in first (hashing a password takes seconds on a busy machine), before the
 * exam's clock starts. Answers its id and when it closes (its end and the grace), by this machine's clock.
 */
const satExam = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    correctors: 'teacher' | 'teacherAndSupervisor'
    correctorsMode: 'split' | 'double'
    markDifferenceThreshold?: number | undefined
    openedAgoMs: number
    endsInMs: number
    durationMinutes: number
    graceSeconds: number
    sittings: ReadonlyArray<Sitting>
  },
): Promise<{ examId: number; closesAt: number; teacher: string }> => {
  const teacher = await tokenOf(baseURL, demo.teacher)
  const supervisor = await tokenOf(baseURL, demo.supervisor)
  const students = await Promise.all(exam.sittings.map((sitting) => tokenOf(baseURL, sitting.account)))
  await setExamGrace(baseURL, exam.graceSeconds)
  const lines = await apiCall<ExamLine[]>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draft = lines.data.find((line) => line.status === 'draft')!
  const rooms = await classRoomsOf(baseURL, teacher)
  const grade4 = rooms.filter((room) => /4/u.test(room.name) && (room.division === 'A' || room.division === 'B')).map((room) => room.classRoomId)
  let correctors = [{ correctorId: draft.teacherId, percentage: 100 }]
  if (exam.correctors === 'teacherAndSupervisor') {
    // The demo midterm names the supervisor as its second corrector: her id, as the builder's picker gives it.
    const shared = lines.data.find((line) => line.status === 'waitingForApproval')!
    const named = await apiCall<{ correctors: Array<{ correctorId: string }> }>(
      baseURL,
      'POST',
      `/exam/api/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${shared.id}`,
      teacher,
    )
    const supervisorId = named.data.correctors.find((corrector) => corrector.correctorId !== draft.teacherId)!.correctorId
    correctors = [
      { correctorId: draft.teacherId, percentage: 60 },
      { correctorId: supervisorId, percentage: 40 },
    ]
  }
  const now = Date.now()
  const endsAt = now + exam.endsInMs
  const created = await apiCall<{ id: number }>(
    baseURL,
    'POST',
    '/exam/api/ExamBuilder/CreateFixedExam',
    teacher,
    fixedExamRequest({
      title: exam.title,
      subjectId: draft.subjectId,
      stageId: draft.stageId,
      startsAt: now - exam.openedAgoMs,
      endsAt,
      durationMinutes: exam.durationMinutes,
      questions: exam.questions,
      target: { kind: 'classes', classRoomIds: grade4 },
      correctorsMode: exam.correctorsMode,
      markDifferenceThreshold: exam.markDifferenceThreshold,
      correctors,
    }),
  )
  if (created.code !== 200) throw new Error(`the exam was not created: ${JSON.stringify(created)}`)
  const examId = created.data.id
  const moves: Array<readonly [string, string, unknown]> = [
    [teacher, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'approve' }],
    ...correctors.map(
      ({ correctorId }) =>
        [correctorId === draft.teacherId ? teacher : supervisor, '/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }] as const,
    ),
    ...correctors.map(
      ({ correctorId }) => [supervisor, '/exam/api/ExamBuilder/UpdateCorrectorApprovalStatus', { examId, correctorId, decision: 'approve' }] as const,
    ),
    [teacher, '/exam/api/ExamBuilder/AssignFixedExam', { examId }],
  ]
  for (const [token, path, body] of moves) {
    const moved = await apiCall(baseURL, 'POST', path, token, body)
    if (moved.code !== 200) throw new Error(`${path} refused: ${JSON.stringify(moved)}`)
  }
  for (const [index, sitting] of exam.sittings.entries()) await sitThroughApi(baseURL, students[index]!, examId, sitting.answers)
  return { examId, closesAt: endsAt + exam.graceSeconds * 1000, teacher }
}

/**
 * An exam of the demo teacher for Grade 4 A and B, corrected by her (60 %) and the supervisor (40 %)
 * in `correctorsMode`, open since ten minutes ago and ending `endsInMs` from now, which `sittings`
 * sit (satExam). Its papers are given out once it closes, its end and the school's grace
 * (`graceSeconds`, testGraceSeconds unless given) later: `closesAt` says when, by this machine's clock.
 */
export const examSatForCorrection = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    correctorsMode: 'split' | 'double'
    markDifferenceThreshold?: number
    endsInMs: number
    graceSeconds?: number
    sittings: ReadonlyArray<Sitting>
  },
): Promise<{ examId: number; closesAt: number }> => {
  const { examId, closesAt } = await satExam(baseURL, {
    ...exam,
    correctors: 'teacherAndSupervisor',
    openedAgoMs: 10 * 60_000,
    durationMinutes: 5,
    graceSeconds: exam.graceSeconds ?? testGraceSeconds,
  })
  return { examId, closesAt }
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
 * and B with the teacher its only corrector, open from a minute ago until `openForMs` from now (15 s
 * unless given); the demo student (4 A) and student2 (4 B) sit it with their `answers` (satExam);
 * once it closes (its end and the school's grace, `graceSeconds`, testGraceSeconds unless given) the
 * teacher grades each paper's hand-marked questions with `handScores[student]` and finishes it.
 * Takes about `openForMs` + the grace.
 */
export const doneExam = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    answers: { student: ExamAnswers; student2: ExamAnswers }
    handScores: { student: Record<string, number>; student2: Record<string, number> }
    openForMs?: number
    graceSeconds?: number
  },
): Promise<number> => {
  const { examId, closesAt, teacher } = await satExam(baseURL, {
    title: exam.title,
    questions: exam.questions,
    correctors: 'teacher',
    correctorsMode: 'split',
    openedAgoMs: 60_000,
    endsInMs: exam.openForMs ?? 15_000,
    durationMinutes: 1,
    graceSeconds: exam.graceSeconds ?? testGraceSeconds,
    sittings: [
      { account: demo.student, answers: exam.answers.student },
      { account: demo.student2, answers: exam.answers.student2 },
    ],
  })
  // The papers are given out on the first read after the end and the grace period (240 until then).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now())))
  const read = () => apiCall<{ papers: Array<{ sessionId: number }> }>(baseURL, 'GET', `/exam/api/Sessions/GetCorrectorPapers?ExamID=${examId}`, teacher)
  let papers = await read()
  for (let waited = 0; papers.code !== 200 && waited < 30_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    papers = await read()
  }
  if (papers.code !== 200) throw new Error(`the exam never closed: ${JSON.stringify(papers)}`)
  // Her papers come class room by class room: Grade 4 A's student first, then 4 B's.
  const teacherCalls = correctorCalls(baseURL, teacher)
  for (const [index, paper] of papers.data.papers.entries())
    await teacherCalls.markAndFinish(paper.sessionId, index === 0 ? exam.handScores.student : exam.handScores.student2)
  return examId
}
