import { checkNoBidiControls } from '../../contracts/bidi.ts'
import { answersReleases, type AnswersRelease } from './contract/answers-release.ts'
import { checkHomework, requestedTopics } from './contract/homework-rules.ts'
import { defaultLateWork } from './contract/late-work.ts'
import { homeworkLimits, type HomeworkDetails, type HomeworkInsert, type HomeworkTarget, type QuizMode } from './contract/homework.ts'
import type { QuestionDraft } from '../../contracts/questions/builder-rules.ts'
import type { Question } from '../../contracts/questions/question.ts'
import { checkNoControlCharacters, type Issue } from '../../contracts/validation.ts'
import { totalDegree } from '../../src/questions/drafts.ts'

/**
 * The homework form's values (strings, as src/forms/use-form.ts keeps them) and the pure steps
 * between them and the contract: the rules the form shows, and the request it sends.
 */
export type HomeworkFormValues = {
  subjectId: string
  /** A chapter of the subject, or '' for none. */
  chapterId: string
  /** Topics of that chapter, ids joined by commas ('' for none). */
  topicIds: string
  title: string
  text: string
  type: string
  quizMode: string
  /** One of AnswersRelease; '' while the teacher has not chosen (the type's default is shown and the server applies it). */
  answersRelease: string
  /** One of LateWork (late-work.ts): 'closed' (the default) or 'accepted'. */
  lateWork: string
  startDate: string
  startTime: string
  dueDate: string
  dueTime: string
  targetKind: string
  studentIds: string
  customDue: string
  customDueDate: string
  customDueTime: string
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

export const emptyValues = (subjectId: string, now: Date): HomeworkFormValues => {
  const start = localParts(now.toISOString())
  const due = localParts(new Date(now.getTime() + 7 * 86_400_000).toISOString())
  return {
    subjectId,
    chapterId: '',
    topicIds: '',
    title: '',
    text: '',
    type: 'homework',
    quizMode: '',
    answersRelease: '',
    lateWork: defaultLateWork,
    startDate: start.date,
    startTime: '08:00',
    dueDate: due.date,
    dueTime: '08:00',
    targetKind: 'class',
    studentIds: '',
    customDue: 'false',
    customDueDate: '',
    customDueTime: '',
  }
}

export const valuesOf = (
  details: Pick<HomeworkDetails, 'subjectId' | 'title' | 'text' | 'type' | 'startsAt' | 'dueAt' | 'target'> & {
    readonly chapterId?: number | null | undefined
    readonly topicId?: number | null | undefined
    readonly topicIds?: ReadonlyArray<number> | undefined
    readonly quizMode?: HomeworkDetails['quizMode'] | undefined
    readonly answersRelease?: HomeworkDetails['answersRelease'] | undefined
    readonly lateWork?: HomeworkDetails['lateWork'] | undefined
  },
): HomeworkFormValues => {
  const start = localParts(details.startsAt)
  const due = localParts(details.dueAt)
  const custom = details.target.kind === 'students' && details.target.customDueAt ? localParts(details.target.customDueAt) : null
  const chapterId = details.chapterId ?? null
  return {
    subjectId: String(details.subjectId),
    chapterId: chapterId === null ? '' : String(chapterId),
    topicIds:
      chapterId === null
        ? ''
        : requestedTopics(details)
            .map((topic) => topic.id)
            .join(','),
    title: details.title,
    text: details.text,
    type: details.type,
    quizMode: details.quizMode ?? '',
    answersRelease: details.answersRelease ?? '',
    lateWork: details.lateWork ?? defaultLateWork,
    startDate: start.date,
    startTime: start.time,
    dueDate: due.date,
    dueTime: due.time,
    targetKind: details.target.kind,
    studentIds: details.target.kind === 'students' ? details.target.studentIds.join(',') : '',
    customDue: String(custom !== null),
    customDueDate: custom?.date ?? '',
    customDueTime: custom?.time ?? '',
  }
}

const isAnswersRelease = (value: string): value is AnswersRelease => (answersReleases as ReadonlyArray<string>).includes(value)

const idsOf = (joined: string): number[] =>
  joined
    .split(',')
    .filter((id) => id !== '')
    .map(Number)

export const studentIdsOf = (values: HomeworkFormValues): number[] => idsOf(values.studentIds)
/** The chosen topics; none without a chapter. */
export const topicIdsOf = (values: Pick<HomeworkFormValues, 'chapterId' | 'topicIds'>): number[] => (values.chapterId === '' ? [] : idsOf(values.topicIds))

const targetOf = (values: HomeworkFormValues): HomeworkTarget => {
  if (values.targetKind !== 'students') return { kind: 'class' }
  const customDueAt = values.customDue === 'true' ? instantOf(values.customDueDate, values.customDueTime) : ''
  return customDueAt === '' ? { kind: 'students', studentIds: studentIdsOf(values) } : { kind: 'students', studentIds: studentIdsOf(values), customDueAt }
}

/** What InsertHomeWork takes (EditHomeWork the same fields with id and version): the total is the questions' sum, always. */
export const requestOf = (classRoomId: number, values: HomeworkFormValues, drafts: ReadonlyArray<QuestionDraft>): HomeworkInsert => ({
  classRoomId,
  subjectId: Number(values.subjectId),
  chapterId: values.chapterId === '' ? null : Number(values.chapterId),
  topicIds: topicIdsOf(values),
  title: values.title.trim(),
  text: values.text.trim(),
  type: values.type === 'quiz' ? 'quiz' : 'homework',
  quizMode: values.type === 'quiz' && values.quizMode !== '' ? (values.quizMode as QuizMode) : null,
  ...(isAnswersRelease(values.answersRelease) ? { answersRelease: values.answersRelease } : {}),
  lateWork: values.lateWork === 'accepted' ? 'accepted' : 'closed',
  questions: drafts as ReadonlyArray<Question>,
  totalDegree: totalDegree(drafts),
  startsAt: instantOf(values.startDate, values.startTime),
  dueAt: instantOf(values.dueDate, values.dueTime),
  target: targetOf(values),
})

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

const checkLength = (field: string, value: string, range: { readonly min: number; readonly max: number }, multiLine: boolean): Issue[] => {
  if (value.trim() === '') return [issue(field, 'required')]
  const controls = checkNoControlCharacters(field, value, multiLine)
  if (controls.length > 0) return controls
  const length = [...value.trim()].length
  return length < range.min || length > range.max ? [issue(field, 'lengthBetween', range)] : []
}

/** The title's rules (3–60 characters once trimmed, one line, no bidirectional controls), as the form and the copy dialog check them. */
export const checkHomeworkTitle = (value: string): Issue[] => [
  ...checkLength('title', value, homeworkLimits.title, false),
  ...checkNoBidiControls('title', value),
]

/** The contract's request fields as the form names them (a date and a time input each). */
const formFieldOf: Readonly<Record<string, string>> = {
  startsAt: 'startDate',
  dueAt: 'dueDate',
  'target.customDueAt': 'customDueDate',
  'target.studentIds': 'studentIds',
}

/**
 * Every rule, in the form's order: the schema's field rules of plugins/homework/contract/homework.ts (title 3–60,
 * text 50–1000, dates), then plugins/homework/contract/homework-rules.ts `checkHomework` (quiz mode, questions with
 * their builder rules, total degree, due after start, target), with fields named as the form's.
 */
export const checkHomeworkForm = (values: HomeworkFormValues, drafts: ReadonlyArray<QuestionDraft>, kept: ReadonlyArray<Question> = []): Issue[] => {
  const request = requestOf(0, values, drafts)
  const dates = [
    ...(request.startsAt === '' ? [issue('startDate', 'dateTimeInvalid')] : []),
    ...(request.dueAt === '' ? [issue('dueDate', 'dateTimeInvalid')] : []),
    ...(values.targetKind === 'students' && values.customDue === 'true' && instantOf(values.customDueDate, values.customDueTime) === ''
      ? [issue('customDueDate', 'dateTimeInvalid')]
      : []),
  ]
  const rules = checkHomework({ ...request, startsAt: request.startsAt || '0000', dueAt: request.dueAt || '0000' }, kept)
    // The total is the questions' sum by construction; an unset degree is already marked on its question.
    .filter((found) => found.field !== 'totalDegree' && !(dates.length > 0 && (found.field === 'dueAt' || found.field === 'target.customDueAt')))
    .map((found) => ({ ...found, field: found.field.startsWith('topicIds.') ? 'topicIds' : (formFieldOf[found.field] ?? found.field) }))
  return [
    // In the form's order (the focus goes to the first): title, instructions, subject, then the rest.
    ...checkHomeworkTitle(values.title),
    ...checkLength('text', values.text, homeworkLimits.text, true),
    ...(values.subjectId === '' ? [issue('subjectId', 'required')] : []),
    ...(values.answersRelease === '' || isAnswersRelease(values.answersRelease) ? [] : [issue('answersRelease', 'malformed')]),
    ...dates,
    ...rules,
  ]
}
