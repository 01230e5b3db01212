import { checkQuestions } from '../../../contracts/questions/builder-rules.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { HomeworkTarget, HomeworkType, QuizMode } from './homework.ts'
import type { Issue } from '../../../contracts/validation.ts'

/**
 * The homework rules that span fields, as pure checks: the form runs them before sending and the
 * server runs them again before it stores anything (105 naming each field). The field-level rules
 * (lengths, formats) are the schemas of plugins/homework/contract/homework.ts.
 */
export interface HomeworkRulesInput {
  readonly type: HomeworkType
  readonly quizMode?: QuizMode | null | undefined
  readonly chapterId?: number | null | undefined
  readonly topicId?: number | null | undefined
  readonly topicIds?: ReadonlyArray<number> | undefined
  readonly questions: ReadonlyArray<Question>
  readonly totalDegree: number
  readonly startsAt: string
  readonly dueAt: string
  readonly target: HomeworkTarget
}

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

/** The questions' degrees added up exactly: they are halves, so no rounding is needed. */
export const sumOfDegrees = (questions: ReadonlyArray<{ readonly degree: number }>): number => questions.reduce((sum, question) => sum + question.degree, 0)

/**
 * The topics a request tags the homework with, each with the field its messages go to: `topicIds`, or
 * (from a client before it) the one `topicId`.
 */
export const requestedTopics = (input: Pick<HomeworkRulesInput, 'topicId' | 'topicIds'>): ReadonlyArray<{ readonly id: number; readonly field: string }> => {
  if (input.topicIds !== undefined) return input.topicIds.map((id, index) => ({ id, field: `topicIds.${index}` }))
  const topicId = input.topicId ?? null
  return topicId === null ? [] : [{ id: topicId, field: 'topicId' }]
}

/** Topics need their chapter, and each is named once. */
const checkTopics = (input: HomeworkRulesInput): Issue[] => {
  const topics = requestedTopics(input)
  if (topics.length === 0) return []
  if ((input.chapterId ?? null) === null) return [issue(input.topicIds === undefined ? 'topicId' : 'topicIds', 'topicNeedsChapter')]
  const seen = new Set<number>()
  return topics.flatMap(({ id, field }) => {
    const again = seen.has(id)
    seen.add(id)
    return again ? [issue(field, 'duplicateItem')] : []
  })
}

const isAfter = (later: string, earlier: string) => Date.parse(later) > Date.parse(earlier)

const checkTarget = (target: HomeworkTarget, startsAt: string): Issue[] => {
  if (target.kind === 'class') return []
  const seen = new Set<number>()
  const repeated = target.studentIds.flatMap((id, index) => {
    const again = seen.has(id)
    seen.add(id)
    return again ? [issue(`target.studentIds.${index}`, 'duplicateItem')] : []
  })
  const customDueAt = target.customDueAt ?? null
  return [
    ...(target.studentIds.length === 0 ? [issue('target.studentIds', 'studentsRequired')] : []),
    ...repeated,
    ...(customDueAt !== null && !isAfter(customDueAt, startsAt) ? [issue('target.customDueAt', 'dueAfterStart')] : []),
  ]
}

/** `kept`: the questions as stored, when a homework is edited (a question stored before a newer builder rule keeps passing while unchanged). */
export const checkHomework = (input: HomeworkRulesInput, kept: ReadonlyArray<Question> = []): Issue[] => {
  const quizMode = input.quizMode ?? null
  const sum = sumOfDegrees(input.questions)
  return [
    ...(input.type === 'quiz' && quizMode === null ? [issue('quizMode', 'required')] : []),
    ...(input.type === 'homework' && quizMode !== null ? [issue('quizMode', 'quizModeOnlyForQuiz')] : []),
    ...checkTopics(input),
    ...(input.questions.length === 0 ? [issue('questions', 'questionsAtLeastOne')] : checkQuestions(input.questions, 'questions', kept)),
    ...(input.questions.length > 0 && input.totalDegree !== sum ? [issue('totalDegree', 'totalDegreeMismatch', { sum })] : []),
    ...(isAfter(input.dueAt, input.startsAt) ? [] : [issue('dueAt', 'dueAfterStart')]),
    ...checkTarget(input.target, input.startsAt),
  ]
}

/** The fetch and clone ranges: the end day not before the start day, and at most a year and a day apart. */
export const checkDayRange = (startDate: string, endDate: string, maxDays: number, fields = { start: 'StartDate', end: 'EndDate' }): Issue[] => {
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000
  if (days < 0) return [issue(fields.end, 'endBeforeStart')]
  return days > maxDays ? [issue(fields.end, 'rangeAtMostDays', { max: maxDays })] : []
}
