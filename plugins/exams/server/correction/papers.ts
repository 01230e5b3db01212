import { Effect } from 'effect'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { examCorrectorContext, examCorrectorMachine, type CorrectorStatus } from '../../../../machines/exam-corrector.machine.ts'
import { checkTransition } from '../../../../server/status/transition.ts'
import { InvalidInput, Refused } from '../../../../contracts/failures.ts'
import type { Answer, Question } from '../../../../contracts/questions/question.ts'
import { found } from '../../../../server/db/found.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Clock } from '../../../../server/services/clock.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import type { CorrectorExamSession, CorrectorPapers, CorrectSessionQuestion, ExamAutoScore, FinishPaper, PaperMark } from '../../contract/correction.ts'
import { correctionCodes } from '../../contract/correction-codes.ts'
import type { ExamStatus } from '../../contract/exam.ts'
import { examAnswerFilesOf } from '../take-exam/answer-files.ts'
import { closeWhenDue } from './close.ts'
import { doneWhenGraded } from './lifecycle.ts'
import { isManual } from './marks.ts'
import { sql, type CorrectionExamRow } from './sql.ts'

const refuse = (code: number) => Effect.fail(new Refused({ code }))

interface PaperDetailRow {
  readonly sessionId: number
  readonly examId: number
  readonly title: string
  readonly examStatus: ExamStatus
  readonly totalDegree: number
  readonly questions: ReadonlyArray<Question>
  readonly studentName: string
  readonly classRoomName: string
  readonly answers: Record<string, Answer>
  readonly autoScores: Record<string, ExamAutoScore>
  readonly marks: Record<string, PaperMark>
  readonly graded: boolean
  readonly version: number
}

/** Exam `examId` of the caller's school, closed for correction when its time is past (404 when there is none). */
export const examForCorrection = (examId: number) =>
  Effect.gen(function* () {
    const exam = yield* Effect.flatMap(inSchool<CorrectionExamRow>(sql.exam, [examId]), found)
    return yield* closeWhenDue(exam)
  })

/** Exam `examId` as one of its correctors reaches it (404 for anyone else). */
const correctorsExam = (examId: number) =>
  Effect.gen(function* () {
    yield* Effect.flatMap(asCaller(sql.correctorship, examId), found)
    return yield* examForCorrection(examId)
  })

const notClosedYet = (exam: CorrectionExamRow) =>
  ['draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved', 'assigned', 'notViewed', 'inProgress'].includes(exam.status)

/** Her papers of one exam, in the order next and previous follow. */
export const correctorPapers = (examId: number) =>
  Effect.gen(function* () {
    const exam = yield* correctorsExam(examId)
    if (notClosedYet(exam)) return yield* refuse(correctionCodes.examNotClosed)
    const papers = yield* asCaller<CorrectorPapers['papers'][number]>(sql.correctorPapers[yield* requestLocale], examId)
    return {
      examId,
      title: exam.title,
      status: exam.status as ExamStatus,
      correctorsMode: exam.correctorsMode,
      totalDegree: exam.totalDegree,
      papers,
    } satisfies CorrectorPapers
  })

/** Her paper of attempt `sessionId` as she grades it; the exam is closed first if its time is past. Another's answers 404. */
export const correctorSession = (sessionId: number) =>
  Effect.gen(function* () {
    const [ofExam] = yield* asCaller<{ examId: number }>(sql.examOfCorrectorsAttempt, sessionId)
    if (ofExam !== undefined) yield* examForCorrection(ofExam.examId)
    const locale = yield* requestLocale
    const paper = yield* Effect.flatMap(asCaller<PaperDetailRow>(sql.paper[locale], sessionId), found)
    const order = yield* asCaller<{ sessionId: number }>(sql.correctorPapers[locale], paper.examId)
    const place = order.findIndex((entry) => entry.sessionId === sessionId)
    return {
      sessionId,
      examId: paper.examId,
      title: paper.title,
      studentName: paper.studentName,
      classRoomName: paper.classRoomName,
      totalDegree: paper.totalDegree,
      version: paper.version,
      graded: paper.graded,
      editable: paper.examStatus === 'underCorrection',
      questions: paper.questions.map((question) => ({
        question,
        answer: Object.hasOwn(paper.answers, question.id) ? paper.answers[question.id]! : null,
        autoScore: Object.hasOwn(paper.autoScores, question.id) ? paper.autoScores[question.id]! : null,
        mark: Object.hasOwn(paper.marks, question.id) ? paper.marks[question.id]! : null,
        manual: isManual(question),
      })),
      previousSessionId: place > 0 ? order[place - 1]!.sessionId : null,
      nextSessionId: place >= 0 && place < order.length - 1 ? order[place + 1]!.sessionId : null,
      answerFiles: yield* examAnswerFilesOf(sessionId, paper.answers),
    } satisfies CorrectorExamSession
  })

/** Her paper, still open to marks: the exam under correction (241 after), at the version she saw (139). */
const editablePaper = (sessionId: number, version: number) =>
  Effect.gen(function* () {
    const paper = yield* correctorSession(sessionId)
    if (!paper.editable) return yield* refuse(correctionCodes.correctionClosed)
    if (paper.version !== version) return yield* refuse(ResponseCode.changedElsewhere)
    return paper
  })

/** Her machine's corrector.startedGrading (approved → in progress), asked of it with the exam under correction; once. */
const startGrading = (examId: number) =>
  Effect.gen(function* () {
    const [mine] = yield* asCaller<{ status: CorrectorStatus }>(sql.correctorship, examId)
    if (mine === undefined) return
    const check = checkTransition(
      examCorrectorMachine,
      { value: mine.status, context: examCorrectorContext({ examUnderCorrection: true }) },
      { type: 'corrector.startedGrading' },
    )
    if (check.allowed && check.next !== mine.status) yield* asCaller(sql.startGrading, examId)
  })

/** Her mark on one question of her paper: within its degree (105), overriding the automatic score; her first mark starts her grading. */
export const correctQuestion = (payload: CorrectSessionQuestion) =>
  Effect.gen(function* () {
    const paper = yield* editablePaper(payload.sessionId, payload.version)
    const entry = paper.questions.find((item) => item.question.id === payload.questionId)
    if (entry === undefined) return yield* Effect.fail(new InvalidInput({ issues: [{ field: 'questionId', key: 'examQuestionNotInPaper' }] }))
    if (payload.score > entry.question.degree + 1e-9)
      return yield* Effect.fail(new InvalidInput({ issues: [{ field: 'score', key: 'examScoreAboveDegree', values: { max: entry.question.degree } }] }))
    const comment = payload.comment?.trim() ? payload.comment.trim() : null
    const written = yield* asCaller(sql.writeMark, payload.sessionId, payload.questionId, JSON.stringify({ score: payload.score, comment }), payload.version)
    if (written.length === 0) return yield* refuse(ResponseCode.changedElsewhere)
    yield* startGrading(paper.examId)
    return yield* correctorSession(payload.sessionId)
  })

/** Her paper graded, once every question graded by hand has her mark (242); the exam is done when nothing is left. */
export const finishPaper = (payload: FinishPaper) =>
  Effect.gen(function* () {
    const paper = yield* editablePaper(payload.sessionId, payload.version)
    if (paper.questions.some((entry) => entry.manual && entry.mark === null)) return yield* refuse(correctionCodes.paperIncomplete)
    const now = new Date((yield* Clock).now()).toISOString()
    const written = yield* asCaller(sql.finishPaper, payload.sessionId, payload.version, now)
    if (written.length === 0) return yield* refuse(ResponseCode.changedElsewhere)
    yield* startGrading(paper.examId)
    const [exam] = yield* inSchool<CorrectionExamRow>(sql.exam, [paper.examId])
    if (exam !== undefined) yield* doneWhenGraded(exam)
    return yield* correctorSession(payload.sessionId)
  })
