import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { Answer, Question, Submission } from '../../../contracts/questions/question.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { issuesOfSchemaIssue } from '../../../contracts/schema-issues.ts'
import { formatIssue, validationMessages } from '../../../contracts/validation-format.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => Schema.decodeUnknownResult(schema)(input)
const issuesOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  const result = decode(schema, input)
  return Result.isFailure(result) ? issuesOfSchemaIssue(result.failure.issue, 'payload') : []
}

const everyQuestion = [
  multipleChoice(2, [true, false, true]),
  singleChoice(1, 0),
  trueFalse(1, true),
  paragraph(5),
  { type: QuestionType.smallParagraph, id: 'q5', header: 'Name a river.', degree: 1, modelAnswer: 'The Nile' },
  rearrange(2, 3),
  complete(2, [['Cairo', 'القاهرة']]),
  connect(3, 3),
  { type: QuestionType.fileUpload, id: 'q9', header: 'Upload your drawing.', degree: 10 },
  { type: QuestionType.audioRecording, id: 'q10', header: 'Read the poem aloud.', degree: 999.5 },
]

const everyAnswer = [
  { type: 1, selected: ['o1'] },
  { type: 2, selected: null },
  { type: 3, value: true },
  { type: 4, text: 'Line one\nline two' },
  { type: 5, text: 'The Nile' },
  { type: 6, order: ['i2', 'i1'] },
  { type: 7, gaps: { g1: 'Cairo' } },
  { type: 8, matches: { l1: 'r2' } },
  { type: 9, fileIds: [12, 13] },
  { type: 10, recordingId: 7 },
]

describe('question model (contracts/questions)', () => {
  it('keeps the spec’s type codes: 1 and 2 carry options, 6 is re-arrange; all ten decode as questions', () => {
    expect(everyQuestion.map((question) => question.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(QuestionType).toMatchObject({ multipleChoice: 1, singleChoice: 2, rearrange: 6 })
    for (const question of everyQuestion) expect(decode(Question, question), `type ${question.type}`).toEqual(Result.succeed(question))
  })

  it('decodes an answer of each of the ten types, and a submission keyed by question', () => {
    for (const answer of everyAnswer) expect(Result.isSuccess(decode(Answer, answer)), `type ${answer.type}`).toBe(true)
    expect(Result.isSuccess(decode(Submission, { q1: everyAnswer[0], q2: everyAnswer[6] }))).toBe(true)
  })

  it('refuses an unknown type code and an answer shaped for another type', () => {
    expect(Result.isFailure(decode(Question, { ...trueFalse(1, true), type: 11 }))).toBe(true)
    expect(Result.isFailure(decode(Answer, { type: 3, selected: ['o1'] }))).toBe(true)
  })

  it('a degree is 0.5 to 999.5 in halves: 0.5 and 999.5 pass; 0, 0.25, 1000, -1 and a string are refused with the degree message', () => {
    for (const degree of [0.5, 1, 2.5, 999.5]) expect(Result.isSuccess(decode(Question, trueFalse(degree, true))), String(degree)).toBe(true)
    for (const degree of [0, 0.25, 0.75, 1000, -1, '2']) {
      expect(
        issuesOf(Question, trueFalse(degree as number, true)).map((issue) => `${issue.field} ${issue.key}`),
        String(degree),
      ).toContain('degree degreeRule')
    }
  })

  it('refuses control characters in a header and an option, naming the field', () => {
    const question = multipleChoice(1, [true, false])
    const bad = { ...question, options: [question.options[0], { ...question.options[1], text: 'a\u0007b' }] }
    expect(issuesOf(Question, bad)).toContainEqual({ field: 'options.1.text', key: 'controlCharacters' })
    expect(Result.isSuccess(decode(Question, { ...question, header: 'two\nlines' }))).toBe(true)
  })

  it('refuses a malformed key, too many options and an over-long option', () => {
    expect(Result.isFailure(decode(Question, { ...trueFalse(1, true), id: 'has space' }))).toBe(true)
    expect(
      Result.isFailure(
        decode(
          Question,
          multipleChoice(
            1,
            Array.from({ length: 21 }, () => true),
          ),
        ),
      ),
    ).toBe(true)
    const long = multipleChoice(1, [true, false])
    expect(Result.isFailure(decode(Question, { ...long, options: [{ ...long.options[0]!, text: 'x'.repeat(201) }, long.options[1]] }))).toBe(true)
  })

  it('the new builder messages read in English and Arabic, with Arabic plural forms', () => {
    expect(formatIssue({ field: 'options', key: 'optionsAtLeast', values: { min: 2 } }, 'en')).toBe('Add at least 2 options.')
    expect(formatIssue({ field: 'options', key: 'optionsAtLeast', values: { min: 2 } }, 'ar')).toBe('أضف خيارين على الأقل.')
    expect(formatIssue({ field: 'degree', key: 'degreeRule', values: { min: 0.5, max: 999.5, step: 0.5 } }, 'en')).toBe(
      'Enter a degree from 0.5 to 999.5, in steps of 0.5.',
    )
    for (const key of [
      'choiceNeedsCorrect',
      'choiceNeedsOneCorrect',
      'connectUnmatched',
      'duplicateItem',
      'completeNeedsGap',
      'lengthAtMost',
      'itemsAtMost',
      'rearrangeItemsAtLeast',
      'connectPairsAtLeast',
    ] as const) {
      expect(validationMessages[key].en.length, key).toBeGreaterThan(0)
      expect(formatIssue({ field: 'x', key, values: { min: 3, max: 11 } }, 'ar'), key).not.toBe('')
    }
  })
})
