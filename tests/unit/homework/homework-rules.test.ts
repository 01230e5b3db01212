import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { DateOnly, DateTime, HomeworkInsert } from '../../../plugins/homework/contract/homework.ts'
import { checkDayRange, checkHomework, sumOfDegrees, type HomeworkRulesInput } from '../../../plugins/homework/contract/homework-rules.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import { issuesOfSchemaIssue } from '../../../contracts/schema-issues.ts'
import { dayAround, daysBetween } from '../../../plugins/homework/server/homework/day-window.ts'

const questions: ReadonlyArray<Question> = [
  { type: 3, id: 'q1', header: 'The sun is a star.', degree: 1.5, correct: true },
  { type: 4, id: 'q2', header: 'Describe the sun.', degree: 2 },
]

const valid: HomeworkRulesInput = {
  type: 'homework',
  questions,
  totalDegree: 3.5,
  startsAt: '2026-12-01T08:00:00Z',
  dueAt: '2026-12-01T08:01:00Z',
  target: { kind: 'class' },
}

const fieldsOf = (input: Partial<HomeworkRulesInput>) => checkHomework({ ...valid, ...input }).map((issue) => `${issue.field}:${issue.key}`)

const schemaFields = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: 'all' })
  return Result.isFailure(result) ? issuesOfSchemaIssue(result.failure.issue, 'payload').map((issue) => `${issue.field}:${issue.key}`) : []
}

describe('homework rules across fields (plugins/homework/contract/homework-rules.ts)', () => {
  it('accepts a valid homework, a due time one minute after the start included', () => {
    expect(fieldsOf({})).toEqual([])
  })

  it('the total degree is the exact sum of the question degrees (halves add up without rounding)', () => {
    expect(sumOfDegrees(questions)).toBe(3.5)
    expect(fieldsOf({ totalDegree: 3 })).toEqual(['totalDegree:totalDegreeMismatch'])
    expect(fieldsOf({ totalDegree: 4 })).toEqual(['totalDegree:totalDegreeMismatch'])
    const many = Array.from({ length: 100 }, (_, index): Question => ({ type: 4, id: `q${index}`, header: 'Why?', degree: 0.5 }))
    expect(fieldsOf({ questions: many, totalDegree: 50 })).toEqual([])
  })

  it('a quiz needs its mode; a homework has none', () => {
    expect(fieldsOf({ type: 'quiz' })).toEqual(['quizMode:required'])
    expect(fieldsOf({ type: 'quiz', quizMode: 'multiple' })).toEqual([])
    expect(fieldsOf({ quizMode: 'exam' })).toEqual(['quizMode:quizModeOnlyForQuiz'])
  })

  it("the due time must be after the start, the chosen students' own date too", () => {
    expect(fieldsOf({ dueAt: valid.startsAt })).toEqual(['dueAt:dueAfterStart'])
    // The same instant written with another offset is not later.
    expect(fieldsOf({ dueAt: '2026-12-01T10:00:00+02:00' })).toEqual(['dueAt:dueAfterStart'])
    expect(fieldsOf({ target: { kind: 'students', studentIds: [1], customDueAt: '2026-12-01T07:59:00Z' } })).toEqual(['target.customDueAt:dueAfterStart'])
    expect(fieldsOf({ target: { kind: 'students', studentIds: [1], customDueAt: null } })).toEqual([])
  })

  it('chosen students: at least one, each once; a topic needs its chapter; at least one question', () => {
    expect(fieldsOf({ target: { kind: 'students', studentIds: [] } })).toEqual(['target.studentIds:studentsRequired'])
    expect(fieldsOf({ target: { kind: 'students', studentIds: [4, 5, 4] } })).toEqual(['target.studentIds.2:duplicateItem'])
    expect(fieldsOf({ topicId: 3 })).toEqual(['topicId:topicNeedsChapter'])
    expect(fieldsOf({ topicId: 3, chapterId: 2 })).toEqual([])
    expect(fieldsOf({ topicIds: [3, 4] })).toEqual(['topicIds:topicNeedsChapter'])
    expect(fieldsOf({ topicIds: [3, 4, 3], chapterId: 2 })).toEqual(['topicIds.2:duplicateItem'])
    expect(fieldsOf({ topicIds: [], topicId: 3 })).toEqual([])
    expect(fieldsOf({ questions: [], totalDegree: 0 })).toEqual(['questions:questionsAtLeastOne'])
  })

  it('fetch ranges: the end not before the start, at most 366 days', () => {
    expect(checkDayRange('2026-01-01', '2026-01-01', 366)).toEqual([])
    expect(checkDayRange('2026-01-02', '2026-01-01', 366)).toEqual([{ field: 'EndDate', key: 'endBeforeStart' }])
    expect(checkDayRange('2026-01-01', '2027-01-02', 366)).toEqual([])
    expect(checkDayRange('2026-01-01', '2027-01-03', 366)).toEqual([{ field: 'EndDate', key: 'rangeAtMostDays', values: { max: 366 } }])
  })
})

describe('homework field schemas (plugins/homework/contract/homework.ts)', () => {
  it('dates and times: ISO 8601 with an offset, a day that exists, years 1900–2999', () => {
    for (const good of ['2026-12-01T08:00Z', '2026-12-01T08:00:00.123+02:00', '2028-02-29T00:00:00-05:30', '1900-01-01T00:00:00Z'])
      expect(schemaFields(DateTime, good), good).toEqual([])
    for (const bad of [
      '2026-12-01',
      '2026-12-01T08:00:00',
      '2026-02-29T08:00:00Z',
      '2026-04-31T08:00Z',
      '0000-01-01T00:00Z',
      '3000-01-01T00:00Z',
      '2026-12-01T24:00Z',
      ' 2026-12-01T08:00Z',
    ])
      expect(schemaFields(DateTime, bad), bad).toEqual(['payload:dateTimeInvalid'])
    expect(schemaFields(DateOnly, '2028-02-29')).toEqual([])
    expect(schemaFields(DateOnly, '2026-02-29')).toEqual(['payload:dateInvalid'])
  })

  it('title 3–60 and text 50–1000 characters once trimmed; both boundaries', () => {
    const base = {
      classRoomId: 1,
      subjectId: 1,
      title: 'abc',
      text: 'x'.repeat(50),
      type: 'homework',
      questions,
      totalDegree: 3.5,
      startsAt: valid.startsAt,
      dueAt: valid.dueAt,
      target: { kind: 'class' },
    }
    expect(schemaFields(HomeworkInsert, base)).toEqual([])
    expect(schemaFields(HomeworkInsert, { ...base, title: 't'.repeat(60), text: 'y'.repeat(1000) })).toEqual([])
    expect(schemaFields(HomeworkInsert, { ...base, title: ' ab ', text: 'x'.repeat(49) })).toEqual(['title:lengthBetween', 'text:lengthBetween'])
    expect(schemaFields(HomeworkInsert, { ...base, title: 't'.repeat(61), text: 'y'.repeat(1001) })).toEqual(['title:lengthBetween', 'text:lengthBetween'])
    expect(schemaFields(HomeworkInsert, { ...base, title: 'Line\nbreak' })).toEqual(['title:controlCharacters'])
    expect(schemaFields(HomeworkInsert, { ...base, text: `${'x'.repeat(30)}\n${'y'.repeat(30)}` })).toEqual([])
  })
})

describe("the caller's day (plugins/homework/server/homework/day-window.ts)", () => {
  it('is the calendar day at her offset, as UTC instants', () => {
    expect(dayAround(Date.parse('2026-12-02T21:30:00Z'), 0)).toEqual({ from: '2026-12-02T00:00:00.000Z', to: '2026-12-03T00:00:00.000Z' })
    expect(dayAround(Date.parse('2026-12-02T21:30:00Z'), 3 * 3_600_000)).toEqual({ from: '2026-12-02T21:00:00.000Z', to: '2026-12-03T21:00:00.000Z' })
    expect(dayAround(Date.parse('2026-12-02T02:00:00Z'), -5 * 3_600_000)).toEqual({ from: '2026-12-01T05:00:00.000Z', to: '2026-12-02T05:00:00.000Z' })
    expect(daysBetween('2026-12-01', '2026-12-01', 2 * 3_600_000)).toEqual({ from: '2026-11-30T22:00:00.000Z', to: '2026-12-01T22:00:00.000Z' })
  })
})
