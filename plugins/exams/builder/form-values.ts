import { checkNoBidiControls } from '../../../contracts/bidi.ts'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import { checkNoControlCharacters, type Issue } from '../../../contracts/validation.ts'
import { examLimits, type CorrectorsMode, type ExamTarget, type ExamTiming, type ExamType, type FixedExamCreate, type QuestionOrder } from '../contract/exam.ts'
import { checkExam } from '../contract/exam-rules.ts'
import type { FixedExamDetails } from '../contract/exam-views.ts'
import { totalDegree } from '../../../src/questions/drafts.ts'

/**
 * The exam builder's values (strings, as src/forms/use-form.ts keeps them) and the pure steps
 * between them and the contract: the rules the form shows (exam-rules.ts, as the server runs them)
 * and the request it sends. The correctors and the questions are lists, kept beside the values.
 */
export type ExamFormValues = {
  title: string
  subjectId: string
  stageId: string
  examType: string
  training: string
  timing: string
  questionOrder: string
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  durationMinutes: string
  questionCount: string
  totalDegree: string
  targetKind: string
  /** Ids joined by commas. */
  classRoomIds: string
  studentIds: string
  correctorsMode: string
  markDifferenceThreshold: string
}

/** One corrector row as the form edits it. */
export interface CorrectorRow {
  readonly correctorId: string
  readonly percentage: string
}

const pad = (value: number) => String(value).padStart(2, '0')
/** The device's local day and time of an instant, as a date and a time input show them. */
export const localParts = (iso: string): { date: string; time: string } => {
  const at = new Date(iso)
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` }
}
/** A local day and time as an instant (UTC ISO), or '' while either is missing or not real. */
export const instantOf = (date: string, time: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(date) || !/^\d{2}:\d{2}$/u.test(time)) return ''
  const at = new Date(`${date}T${time}`)
  return Number.isFinite(at.getTime()) ? at.toISOString() : ''
}

/** A new exam: a week ahead, 08:00 to 10:00, 60 minutes, split marking by its author alone. */
export const emptyValues = (now: Date): ExamFormValues => {
  const day = localParts(new Date(now.getTime() + 7 * 86_400_000).toISOString()).date
  return {
    title: '',
    subjectId: '',
    stageId: '',
    examType: 'monthly',
    training: 'false',
    timing: 'fixedDay',
    questionOrder: 'random',
    startDate: day,
    startTime: '08:00',
    endDate: day,
    endTime: '10:00',
    durationMinutes: '60',
    questionCount: '0',
    totalDegree: '0',
    targetKind: 'classes',
    classRoomIds: '',
    studentIds: '',
    correctorsMode: 'split',
    markDifferenceThreshold: '',
  }
}

/** The form's values of a stored exam, or of a request the server refused (reopened with her values). */
export const valuesOf = (exam: FixedExamCreate | FixedExamDetails): ExamFormValues => {
  const start = localParts(exam.startsAt)
  const end = localParts(exam.endsAt)
  return {
    title: exam.title,
    subjectId: String(exam.subjectId),
    stageId: String(exam.stageId),
    examType: exam.examType,
    training: String(exam.training),
    timing: exam.timing,
    questionOrder: exam.questionOrder,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    durationMinutes: String(exam.durationMinutes),
    questionCount: String(exam.questionCount),
    totalDegree: String(exam.totalDegree),
    targetKind: exam.target.kind,
    classRoomIds: exam.target.kind === 'classes' ? exam.target.classRoomIds.join(',') : '',
    studentIds: exam.target.kind === 'students' ? exam.target.studentIds.join(',') : '',
    correctorsMode: exam.correctorsMode,
    markDifferenceThreshold: exam.markDifferenceThreshold == null ? '' : String(exam.markDifferenceThreshold),
  }
}

/** The correctors holding a share, as the form edits them. */
export const correctorRowsOf = (exam: FixedExamDetails): CorrectorRow[] =>
  exam.correctors.filter((corrector) => corrector.status !== 'notAssigned').map((c) => ({ correctorId: c.correctorId, percentage: String(c.percentage) }))

/** The rows of a request as sent (a refused save reopened). */
export const correctorRowsOfRequest = (request: FixedExamCreate): CorrectorRow[] =>
  request.correctors.map((c) => ({ correctorId: c.correctorId, percentage: String(c.percentage) }))

export const idsOf = (joined: string): number[] =>
  joined
    .split(',')
    .filter((id) => id !== '')
    .map(Number)

const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value))

const targetOf = (values: ExamFormValues): ExamTarget =>
  values.targetKind === 'students' ? { kind: 'students', studentIds: idsOf(values.studentIds) } : { kind: 'classes', classRoomIds: idsOf(values.classRoomIds) }

/** What CreateFixedExam takes (UpdateFixedExam the same with the exam's id and version). */
export const requestOf = (values: ExamFormValues, drafts: ReadonlyArray<QuestionDraft>, correctors: ReadonlyArray<CorrectorRow>): FixedExamCreate => {
  const double = values.correctorsMode === 'double'
  return {
    title: values.title.trim(),
    subjectId: Number(values.subjectId),
    stageId: Number(values.stageId),
    examType: values.examType as ExamType,
    training: values.training === 'true',
    timing: values.timing as ExamTiming,
    questionOrder: values.questionOrder as QuestionOrder,
    startsAt: instantOf(values.startDate, values.startTime),
    endsAt: instantOf(values.endDate, values.endTime),
    durationMinutes: numberOf(values.durationMinutes),
    questionCount: numberOf(values.questionCount),
    totalDegree: numberOf(values.totalDegree),
    questions: drafts as ReadonlyArray<Question>,
    target: targetOf(values),
    correctorsMode: values.correctorsMode as CorrectorsMode,
    markDifferenceThreshold: double && values.markDifferenceThreshold.trim() !== '' ? numberOf(values.markDifferenceThreshold) : null,
    correctors: correctors.map((row) => ({ correctorId: row.correctorId, percentage: numberOf(row.percentage) })),
  }
}

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

const checkTitle = (value: string): Issue[] => {
  if (value.trim() === '') return [issue('title', 'required')]
  const controls = checkNoControlCharacters('title', value, false)
  if (controls.length > 0) return controls
  const length = [...value.trim()].length
  const { min, max } = examLimits.title
  return [...(length < min || length > max ? [issue('title', 'lengthBetween', examLimits.title)] : []), ...checkNoBidiControls('title', value)]
}

/** The contract's request fields as the form names them. */
const formFieldOf: Readonly<Record<string, string>> = {
  startsAt: 'startDate',
  endsAt: 'endDate',
  'target.classRoomIds': 'classRoomIds',
  'target.studentIds': 'studentIds',
}
/** A field of the request as the form names it (the server's 105 messages land there too). */
export const formField = (field: string): string => {
  if (field.startsWith('target.classRoomIds.')) return 'classRoomIds'
  if (field.startsWith('target.studentIds.')) return 'studentIds'
  return formFieldOf[field] ?? field
}

const checkWhole = (field: string, value: number, range: { readonly min: number; readonly max: number }): Issue[] =>
  Number.isInteger(value) && value >= range.min && value <= range.max ? [] : [issue(field, 'malformed')]

/**
 * Every rule, in the form's order: the field rules of contract/exam.ts (title, subject, grade, times,
 * whole minutes, percentages), then contract/exam-rules.ts `checkExam` (questions, their count and total,
 * the window, the target, correctors totalling 100), with fields named as the form's.
 */
export const checkExamForm = (
  values: ExamFormValues,
  drafts: ReadonlyArray<QuestionDraft>,
  correctors: ReadonlyArray<CorrectorRow>,
  kept: ReadonlyArray<Question> = [],
): Issue[] => {
  const request = requestOf(values, drafts, correctors)
  const times = [
    ...(request.startsAt === '' ? [issue('startDate', 'examTimeInvalid')] : []),
    ...(request.endsAt === '' ? [issue('endDate', 'examTimeInvalid')] : []),
  ]
  const shares = correctors.flatMap((row, index) => {
    const share = numberOf(row.percentage)
    return [
      ...(row.correctorId === '' ? [issue(`correctors.${index}.correctorId`, 'required')] : []),
      ...(Number.isFinite(share) && share > 0 && share <= 100 ? [] : [issue(`correctors.${index}.percentage`, 'percentageRule')]),
    ]
  })
  const threshold = request.markDifferenceThreshold
  const rules = checkExam({ ...request, startsAt: request.startsAt || '0000', endsAt: request.endsAt || '0000' }, kept)
    .filter((found) => !(times.length > 0 && (found.field === 'endsAt' || found.field === 'durationMinutes')))
    .filter((found) => !(found.field === 'totalDegree' && !Number.isFinite(request.totalDegree)))
    .map((found) => ({ ...found, field: formField(found.field) }))
  return [
    ...checkTitle(values.title),
    ...(values.subjectId === '' ? [issue('subjectId', 'required')] : []),
    ...(values.stageId === '' ? [issue('stageId', 'required')] : []),
    ...times,
    ...checkWhole('durationMinutes', request.durationMinutes, examLimits.durationMinutes),
    ...checkWhole('questionCount', request.questionCount, { min: 0, max: examLimits.maxQuestions }),
    ...(Number.isFinite(request.totalDegree) ? [] : [issue('totalDegree', 'malformed')]),
    ...(threshold !== null && threshold !== undefined && !(threshold >= 0 && threshold <= 1000) ? [issue('markDifferenceThreshold', 'markThresholdRule')] : []),
    ...shares,
    ...rules,
  ]
}

/** The questions' count and total degree, as the form fills them in while she writes. */
export const questionFigures = (drafts: ReadonlyArray<QuestionDraft>) => ({ count: String(drafts.length), total: String(totalDegree(drafts)) })
