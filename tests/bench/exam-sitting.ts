import { randomUUID } from 'node:crypto'
import type { Answer, Question } from '../../contracts/questions/question.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import type { ExamBuilderOptions } from '../../plugins/exams/contract/builder-options-api.ts'
import type { ExamSession, MyExams } from '../../plugins/exams/contract/take-exam.ts'
import { demoAccounts } from '../../server/seed/demo.ts'
import { scoringBatch } from './scoring-batch.ts'
import { eachLimited, get, post } from './school-work.ts'

/**
 * What the exam benches share, all through the exam service's calls: a teacher builds a 50-question
 * exam (scoring-batch.ts's mix: every type, file and recording questions included) for her class
 * rooms, the supervisor approves it and its correctors, and she assigns it; each student reads her list (which makes her
 * attempt and gives her link) and opens her link on a device of her own.
 */
const examApi = '/exam/api'
const minute = 60_000

/** The demo school's supervising corrector, who approves exams. */
export const supervisorAccount = demoAccounts.find((account) => account.email === 'supervisor@fasl.school')!

/** The caller's user id: the access token's subject (the sign-in answer carries none). */
export const userIdOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub

/** Answers a student can give without an upload (file and recording answers go through the file store, not the save call). */
export const writtenAnswers = (answers: Readonly<Record<string, Answer | undefined>>): Record<string, Answer> =>
  Object.fromEntries(
    Object.entries(answers).filter(
      (entry): entry is [string, Answer] =>
        entry[1] !== undefined && entry[1].type !== QuestionType.fileUpload && entry[1].type !== QuestionType.audioRecording,
    ),
  )

/** The 50 questions of the scoring bench and `students` answer sheets of realistic spread (seeded: the same each run). */
export const examPaper = (students: number, seed: number) => {
  const batch = scoringBatch(students, seed, 'realistic')
  return { questions: batch.questions, answers: batch.submissions.map((submission) => writtenAnswers(submission.answers)) }
}

export interface ExamPlan {
  readonly title: string
  readonly questions: ReadonlyArray<Question>
  /** The whole of these class rooms (of one grade she teaches). */
  readonly classRoomIds: ReadonlyArray<number>
  readonly startsAt: number
  readonly endsAt: number
  readonly durationMinutes: number
  /** Her correctors with their shares; she alone (100 %) when not given. */
  readonly correctors?: ReadonlyArray<{ readonly token: string; readonly percentage: number }>
}

/**
 * The teacher (`teacherToken`) builds the exam as the builder sends it (grade and subject read from
 * her builder options and her rooms' subjects), submits it, the supervisor approves it, each other
 * corrector (she too) accepts and the supervisor approves her, and the teacher assigns it. Answers its id.
 */
export const buildAssignedExam = async (url: string, teacherToken: string, supervisorToken: string, plan: ExamPlan): Promise<number> => {
  const options = await get<ExamBuilderOptions>(url, `${examApi}/ExamBuilder/GetExamBuilderOptions`, teacherToken)
  const stage = options.stages.find((candidate) => plan.classRoomIds.every((id) => candidate.classRoomIds.includes(id)))
  if (stage === undefined) throw new Error(`${plan.title}: no grade of the teacher's holds rooms ${plan.classRoomIds.join(', ')}`)
  const subjectsOf = async (roomId: number) =>
    (await get<Array<{ id: number }>>(url, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${roomId}`, teacherToken)).map((subject) => subject.id)
  const roomSubjects = await Promise.all(plan.classRoomIds.map(subjectsOf))
  const subjectId = roomSubjects[0]!.find((id) => roomSubjects.every((subjects) => subjects.includes(id)))
  if (subjectId === undefined) throw new Error(`${plan.title}: no subject taught in every one of rooms ${plan.classRoomIds.join(', ')}`)
  const correctors = plan.correctors ?? [{ token: teacherToken, percentage: 100 }]
  const created = await post<{ id: number }>(url, `${examApi}/ExamBuilder/CreateFixedExam`, teacherToken, {
    title: plan.title,
    subjectId,
    stageId: stage.id,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: 'random',
    startsAt: new Date(plan.startsAt).toISOString(),
    endsAt: new Date(plan.endsAt).toISOString(),
    durationMinutes: plan.durationMinutes,
    questionCount: plan.questions.length,
    totalDegree: plan.questions.reduce((sum, question) => sum + question.degree, 0),
    questions: plan.questions,
    target: { kind: 'classes', classRoomIds: plan.classRoomIds },
    correctorsMode: 'split',
    correctors: correctors.map((corrector) => ({ correctorId: userIdOf(corrector.token), percentage: corrector.percentage })),
  })
  const examId = created.id
  const builder = (path: string, token: string, body: unknown) => post(url, `${examApi}/ExamBuilder/${path}`, token, body)
  await builder('UpdateApprovalStatusForFixedExam', teacherToken, { examId, decision: 'submit' })
  await builder('UpdateApprovalStatusForFixedExam', supervisorToken, { examId, decision: 'approve' })
  // Each corrector accepts (the author too), then the supervisor approves her (machines/exam-corrector.machine.ts).
  for (const corrector of correctors) {
    await builder('RespondToCorrectorAssignment', corrector.token, { examId, accept: true })
    await builder('UpdateCorrectorApprovalStatus', supervisorToken, { examId, correctorId: userIdOf(corrector.token), decision: 'approve' })
  }
  await builder('AssignFixedExam', teacherToken, { examId })
  return examId
}

/** An exam open from a minute ago for `hours`, long enough for every round of a bench. */
export const openWindow = (now: number, minutes: number) => ({ startsAt: now - minute, endsAt: now + minutes * minute, durationMinutes: minutes })

/** A student at her exam: her link opened on her device, her questions in her own order. */
export interface SeatedStudent {
  readonly token: string
  readonly link: string
  readonly deviceKey: string
  readonly questionIds: ReadonlyArray<string>
}

/** Each student (her access token) reads her list, takes her link to `examId` and opens it on a device of her own, `concurrency` at a time. */
export const seatStudents = async (url: string, tokens: ReadonlyArray<string>, examIdOf: (student: number) => number, concurrency = 4) => {
  const seated: SeatedStudent[] = []
  await eachLimited(tokens, concurrency, async (token, student) => {
    const examId = examIdOf(student)
    const mine = await get<MyExams>(url, `${examApi}/Sessions/GetStudentExams`, token)
    const link = mine.exams.find((exam) => exam.examId === examId)?.token
    if (link === undefined || link === null) throw new Error(`student ${student + 1} has no link to exam ${examId}`)
    const deviceKey = `bench-${randomUUID()}`
    const session = await post<ExamSession>(url, `${examApi}/Sessions/OpenExamSession`, token, { token: link, deviceKey })
    seated[student] = { token, link, deviceKey, questionIds: session.questions.map((question) => question.id) }
  })
  return seated
}

/** Her save of `answers` as the take-exam page sends it (a fresh Idempotency-Key, given now by the server's clock as the page keeps it). */
export const saveBody = (student: SeatedStudent, answers: Readonly<Record<string, Answer>>, markedForReview: ReadonlyArray<string>) => ({
  token: student.link,
  deviceKey: student.deviceKey,
  answers,
  markedForReview,
  givenAt: new Date().toISOString(),
})

export const saveExamAnswers = (url: string, student: SeatedStudent, answers: Readonly<Record<string, Answer>>, markedForReview: ReadonlyArray<string>) =>
  post(url, `${examApi}/Sessions/SaveExamAnswers`, student.token, saveBody(student, answers, markedForReview))

export const finishExam = (url: string, student: SeatedStudent, answers: Readonly<Record<string, Answer>>) =>
  post(url, `${examApi}/Sessions/FinishExamSession`, student.token, saveBody(student, answers, []))
