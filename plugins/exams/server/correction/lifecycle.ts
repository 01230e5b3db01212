import { Effect } from 'effect'
import { examLifecycleContext, examLifecycleMachine, type ExamLifecycleEvent, type ExamStatus } from '../../../../machines/exam-lifecycle.machine.ts'
import { checkTransition } from '../../../../server/status/transition.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { flaggedQuestions, papersByAttempt } from './marks.ts'
import { sql, type AttemptResultRow, type CorrectionExamRow, type PaperRow } from './sql.ts'

/** What the lifecycle's guards read of a stored exam being corrected. */
export interface CorrectionFacts {
  readonly allPapersGraded: boolean
  readonly differencesSettled: boolean
  readonly anyPaperGraded: boolean
}

/** The status `event` takes the exam to, asked of machines/exam-lifecycle.machine.ts, or null when it refuses. */
export const nextStatus = (exam: CorrectionExamRow, event: ExamLifecycleEvent, facts?: CorrectionFacts): ExamStatus | null => {
  const context = examLifecycleContext({ hasQuestions: true, sharesTotalHundred: true, training: exam.training, correctorsMode: exam.correctorsMode, ...facts })
  const check = checkTransition(examLifecycleMachine, { value: exam.status, context }, event)
  return check.allowed ? (check.next as ExamStatus) : null
}

/** Moves the exam by `event` when the machine allows it; a move another request made first is no move. Answers the status it is in now. */
export const moveBy = (exam: CorrectionExamRow, event: ExamLifecycleEvent, facts?: CorrectionFacts) =>
  Effect.gen(function* () {
    const next = nextStatus(exam, event, facts)
    if (next === null || next === exam.status) return exam.status
    const moved = yield* inSchool(sql.moveExam, [exam.id, exam.status, next])
    return moved.length === 0 ? exam.status : next
  })

/** The lifecycle's facts of exam as its papers stand now. */
export const correctionFacts = (exam: CorrectionExamRow, papers: ReadonlyArray<PaperRow>, attempts: ReadonlyArray<AttemptResultRow>): CorrectionFacts => {
  const byAttempt = papersByAttempt(papers)
  const questions = exam.questions as ReadonlyArray<Question>
  const differencesSettled =
    exam.correctorsMode === 'split' ||
    attempts.every(
      (attempt) =>
        attempt.attemptId === null ||
        flaggedQuestions(questions, exam.markDifferenceThreshold ?? 0, attempt, byAttempt.get(attempt.attemptId) ?? []).every(
          (flag) => flag.settledScore !== null,
        ),
    )
  return {
    allPapersGraded: papers.every((paper) => paper.graded),
    differencesSettled,
    anyPaperGraded: papers.some((paper) => paper.graded || Object.keys(paper.marks).length > 0),
  }
}

/** When every paper is graded and every difference settled, the exam is done (corrector.gradedAll). */
export const doneWhenGraded = (exam: CorrectionExamRow) =>
  Effect.gen(function* () {
    if (exam.status !== 'underCorrection') return exam.status
    const papers = yield* inSchool<PaperRow>(sql.papersOfExam, [exam.id])
    const attempts = yield* inSchool<AttemptResultRow>(sql.studentsOfExam.en, [exam.id])
    return yield* moveBy(exam, { type: 'corrector.gradedAll' }, correctionFacts(exam, papers, attempts))
  })
