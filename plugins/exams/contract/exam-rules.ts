import { checkQuestions } from '../../../contracts/questions/builder-rules.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { Issue } from '../../../contracts/validation.ts'
import type { ApprovalDecision, CorrectorDecision, CorrectorsMode, ExamCorrectorInput, ExamTarget, ExamTiming } from './exam.ts'

/**
 * The exam rules that span fields, as pure checks: the builder runs them before sending and the
 * server runs them again before it stores anything (105 naming each field). The field-level rules
 * are the schemas of exam.ts; what only the database knows (subjects and class rooms she teaches,
 * who may correct) the server adds.
 */

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

/** The questions' degrees added up exactly: they are halves, so no rounding is needed. */
export const sumOfDegrees = (questions: ReadonlyArray<{ readonly degree: number }>): number => questions.reduce((sum, question) => sum + question.degree, 0)

/** The correctors' shares added up; fractions are rounded to hundredths so 33.33 + 33.33 + 33.34 is 100. */
export const totalPercentage = (correctors: ReadonlyArray<{ readonly percentage: number }>): number =>
  Math.round(correctors.reduce((sum, corrector) => sum + corrector.percentage, 0) * 100) / 100

const minutesBetween = (startsAt: string, endsAt: string) => (Date.parse(endsAt) - Date.parse(startsAt)) / 60_000

const repeated = <T>(items: ReadonlyArray<T>, field: (index: number) => string): Issue[] => {
  const seen = new Set<T>()
  return items.flatMap((item, index) => {
    const again = seen.has(item)
    seen.add(item)
    return again ? [issue(field(index), 'duplicateItem')] : []
  })
}

export interface CorrectorsRulesInput {
  readonly correctorsMode: CorrectorsMode
  readonly markDifferenceThreshold?: number | null | undefined
  readonly correctors: ReadonlyArray<ExamCorrectorInput>
}

/** At least one corrector, each once, the shares totalling 100 (the spec's mismatch of percentages), and double marking's threshold. */
export const checkCorrectors = (input: CorrectorsRulesInput): Issue[] => {
  const total = totalPercentage(input.correctors)
  return [
    ...(input.correctors.length === 0 ? [issue('correctors', 'correctorsAtLeastOne')] : []),
    ...repeated(
      input.correctors.map((corrector) => corrector.correctorId.toLowerCase()),
      (index) => `correctors.${index}.correctorId`,
    ),
    ...(input.correctors.length > 0 && total !== 100 ? [issue('correctors', 'percentagesMismatch', { total })] : []),
    ...(input.correctorsMode === 'double' && (input.markDifferenceThreshold ?? null) === null
      ? [issue('markDifferenceThreshold', 'markThresholdRequired')]
      : []),
  ]
}

const checkTarget = (target: ExamTarget): Issue[] =>
  target.kind === 'classes'
    ? [
        ...(target.classRoomIds.length === 0 ? [issue('target.classRoomIds', 'examClassRoomsRequired')] : []),
        ...repeated(target.classRoomIds, (index) => `target.classRoomIds.${index}`),
      ]
    : [
        ...(target.studentIds.length === 0 ? [issue('target.studentIds', 'examStudentsRequired')] : []),
        ...repeated(target.studentIds, (index) => `target.studentIds.${index}`),
      ]

export interface ExamRulesInput extends CorrectorsRulesInput {
  readonly timing: ExamTiming
  readonly startsAt: string
  readonly endsAt: string
  readonly durationMinutes: number
  readonly questionCount: number
  readonly totalDegree: number
  readonly questions: ReadonlyArray<Question>
  readonly target: ExamTarget
}

const dayMinutes = 24 * 60

/** The window: the end after the start, a fixed day within 24 hours, and the duration fitting in it. */
const checkWindow = (input: ExamRulesInput): Issue[] => {
  const minutes = minutesBetween(input.startsAt, input.endsAt)
  if (!(minutes > 0)) return [issue('endsAt', 'examEndAfterStart')]
  return [
    ...(input.timing === 'fixedDay' && minutes > dayMinutes ? [issue('endsAt', 'examFixedDayTooLong')] : []),
    ...(input.durationMinutes > minutes ? [issue('durationMinutes', 'examDurationExceedsWindow', { minutes: Math.floor(minutes) })] : []),
  ]
}

/** `kept`: the questions as stored, when an exam is updated (a question stored before a newer builder rule keeps passing while unchanged). */
export const checkExam = (input: ExamRulesInput, kept: ReadonlyArray<Question> = []): Issue[] => {
  const sum = sumOfDegrees(input.questions)
  const count = input.questions.length
  return [
    ...(count === 0 ? [issue('questions', 'examQuestionsAtLeastOne')] : checkQuestions(input.questions, 'questions', kept)),
    ...(count > 0 && input.totalDegree !== sum ? [issue('totalDegree', 'examTotalDegreeMismatch', { sum })] : []),
    ...(input.questionCount !== count ? [issue('questionCount', 'examQuestionCountMismatch', { count })] : []),
    ...checkWindow(input),
    ...checkTarget(input.target),
    ...checkCorrectors(input),
  ]
}

/** Requiring an edit and rejecting carry a reason; declining may; the other steps carry none. */
export const checkApproval = (decision: ApprovalDecision | CorrectorDecision | 'accept' | 'decline', reason: string | null | undefined): Issue[] => {
  const needsReason = decision === 'requireEdit' || decision === 'reject'
  const mayHaveReason = needsReason || decision === 'decline'
  const hasReason = (reason ?? '').trim() !== ''
  if (needsReason && !hasReason) return [issue('reason', 'reasonRequired')]
  if (!mayHaveReason && hasReason) return [issue('reason', 'reasonOnlyForEditOrReject')]
  return []
}
