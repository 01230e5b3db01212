import { describe, expect, it } from 'vitest'
import { checkQuestion, checkQuestions, type QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

const keys = (draft: QuestionDraft) => checkQuestion(draft).map((issue) => `${issue.field} ${issue.key}`)

describe('question builder rules', () => {
  it('a well-built question of each type has no issue', () => {
    for (const question of [
      multipleChoice(2, [true, false, true]),
      singleChoice(1, 2),
      trueFalse(1, false),
      paragraph(4),
      rearrange(2, 3),
      complete(1, [['x']]),
      connect(2, 3),
    ])
      expect(checkQuestion(question), `type ${question.type}`).toEqual([])
  })

  it('the header is required, and spaces or line breaks alone are refused', () => {
    for (const header of ['', '   ', '\n\t ']) expect(keys({ ...trueFalse(1, true), header })).toEqual(['header required'])
  })

  it('the header allows line breaks but at most 1000 characters (1000 passes, 1001 does not)', () => {
    expect(keys({ ...trueFalse(1, true), header: 'a\nb' })).toEqual([])
    expect(keys({ ...trueFalse(1, true), header: 'x'.repeat(1000) })).toEqual([])
    expect(keys({ ...trueFalse(1, true), header: 'x'.repeat(1001) })).toEqual(['header lengthAtMost'])
  })

  it('the degree is required and a positive multiple of 0.5 up to 999.5', () => {
    expect(keys({ ...trueFalse(1, true), degree: null })).toEqual(['degree required'])
    for (const degree of [0, -0.5, 0.3, 1000]) expect(keys({ ...trueFalse(1, true), degree }), String(degree)).toEqual(['degree degreeRule'])
    for (const degree of [0.5, 999.5]) expect(keys({ ...trueFalse(1, true), degree }), String(degree)).toEqual([])
  })

  it('multiple choice needs at least one correct option', () => {
    expect(keys(multipleChoice(1, [false, false, false]))).toEqual(['options choiceNeedsCorrect'])
    expect(keys(multipleChoice(1, [true, true, true]))).toEqual([])
  })

  it('single choice needs exactly one correct option; true/false needs its value chosen', () => {
    const question = singleChoice(1, 0)
    expect(keys({ ...question, options: question.options.map((option) => ({ ...option, correct: false })) })).toEqual(['options choiceNeedsOneCorrect'])
    expect(keys({ ...question, options: question.options.map((option) => ({ ...option, correct: true })) })).toEqual(['options choiceNeedsOneCorrect'])
    expect(keys({ ...trueFalse(1, true), correct: null })).toEqual(['correct choiceNeedsOneCorrect'])
  })

  it('a choice question needs at least two options (1 refused, 2 pass), at most 20', () => {
    expect(keys(multipleChoice(1, [true]))).toEqual(['options optionsAtLeast'])
    expect(checkQuestion(multipleChoice(1, [true]))[0]?.values).toEqual({ min: 2 })
    expect(keys(multipleChoice(1, [true, false]))).toEqual([])
    expect(
      keys(
        multipleChoice(
          1,
          Array.from({ length: 21 }, (_, index) => index === 0),
        ),
      ),
    ).toEqual(['options itemsAtMost'])
  })

  it('every option is filled: an empty or spaces-only option is refused on its own field', () => {
    const question = multipleChoice(1, [true, false, false])
    const options = question.options.map((option, index) => (index === 1 ? { ...option, text: '  ' } : option))
    expect(keys({ ...question, options })).toEqual(['options.1.text required'])
  })

  it('two options that read the same (case and spaces aside) are refused on the second', () => {
    const question = multipleChoice(1, [true, false, false])
    const options = question.options.map((option, index) => (index === 2 ? { ...option, text: ' option  1 ' } : option))
    expect(keys({ ...question, options })).toEqual(['options.2.text duplicateItem'])
  })

  it('a repeated key is refused', () => {
    const question = singleChoice(1, 0)
    expect(keys({ ...question, options: question.options.map((option) => ({ ...option, id: 'same' })) })).toEqual([
      'options.1.id malformed',
      'options.2.id malformed',
      'options.3.id malformed',
    ])
  })

  it('re-arrange needs at least three items (2 refused, 3 pass; with two the order shown gives the answer away), each filled', () => {
    expect(keys(rearrange(1, 1))).toEqual(['items rearrangeItemsAtLeast'])
    expect(keys(rearrange(1, 2))).toEqual(['items rearrangeItemsAtLeast'])
    expect(checkQuestion(rearrange(1, 2))[0]?.values).toEqual({ min: 3 })
    expect(keys(rearrange(1, 3))).toEqual([])
    const question = rearrange(1, 3)
    expect(keys({ ...question, items: question.items.map((item, index) => (index === 0 ? { ...item, text: '' } : item)) })).toEqual(['items.0.text required'])
  })

  it('connect: every item is matched; one side alone is unmatched, an empty row is required', () => {
    const question = connect(2, 3)
    const pairs = question.pairs.map((pair, index) =>
      index === 0
        ? { ...pair, right: { ...pair.right, text: ' ' } }
        : index === 1
          ? { left: { ...pair.left, text: '' }, right: { ...pair.right, text: '' } }
          : pair,
    )
    expect(keys({ ...question, pairs })).toEqual(['pairs.0.right.text connectUnmatched', 'pairs.1.left.text required', 'pairs.1.right.text required'])
  })

  it('connect is one-to-one: a repeated right side is refused, and at least three pairs are needed (2 refused, 3 pass)', () => {
    const question = connect(2, 3)
    const pairs = question.pairs.map((pair, index) => (index === 2 ? { ...pair, right: { ...pair.right, text: 'Capital 1' } } : pair))
    expect(keys({ ...question, pairs })).toEqual(['pairs.2.right.text duplicateItem'])
    expect(keys(connect(2, 1))).toEqual(['pairs connectPairsAtLeast'])
    expect(keys(connect(2, 2))).toEqual(['pairs connectPairsAtLeast'])
    expect(checkQuestion(connect(2, 2))[0]?.values).toEqual({ min: 3 })
    expect(keys(connect(2, 3))).toEqual([])
  })

  it("the question editor's message for two items or pairs, in English and Arabic, asks for three", async () => {
    await loadIssueMessages()
    const two = checkQuestions([rearrange(1, 2), connect(1, 2, 'q-connect')])
    expect(issuesToFields(two, 'en')).toEqual({
      'questions.0.items': 'Add at least 3 items to put in order.',
      'questions.1.pairs': 'Add at least 3 pairs to match.',
    })
    expect(issuesToFields(two, 'ar')).toEqual({ 'questions.0.items': 'أضف ٣ عناصر على الأقل لترتيبها.', 'questions.1.pairs': 'أضف ٣ أزواج على الأقل للتوصيل.' })
  })

  it('a re-arrange or connect question stored with two before three were required passes while its items are unchanged, not once they change', () => {
    const kept = [rearrange(1, 2), connect(2, 2)]
    expect(checkQuestions(kept, 'questions', kept)).toEqual([])
    const renamed = { ...rearrange(1, 2), items: rearrange(1, 2).items.map((item, index) => (index === 0 ? { ...item, text: 'Changed' } : item)) }
    const swapped = { ...connect(2, 2), pairs: connect(2, 2).pairs.map((pair, index, all) => ({ left: pair.left, right: all[1 - index]!.right })) }
    expect(checkQuestions([renamed, swapped], 'questions', kept).map((issue) => `${issue.field} ${issue.key}`)).toEqual([
      'questions.0.items rearrangeItemsAtLeast',
      'questions.1.pairs connectPairsAtLeast',
    ])
    // Another question's two items are not kept by a stored one of another key.
    expect(checkQuestions([{ ...rearrange(1, 2), id: 'new' }], 'questions', kept).map((issue) => issue.key)).toEqual(['rearrangeItemsAtLeast'])
  })

  it('complete needs at least one gap, and every gap an accepted answer that is not blank', () => {
    expect(keys({ ...complete(1, []), body: [{ kind: 'text', text: 'No gaps here.' }] })).toEqual(['body completeNeedsGap'])
    expect(keys(complete(1, [[]]))).toEqual(['body.1.answers required'])
    expect(keys(complete(1, [['Cairo', '   ']]))).toEqual(['body.1.answers.1 required'])
    expect(keys(complete(1, [['\u064E\u0640']]))).toEqual(['body.1.answers.0 required'])
  })

  it('a list of questions names fields by position and refuses repeated question keys', () => {
    const issues = checkQuestions([trueFalse(1, true, 'a'), { ...trueFalse(1, true, 'a'), header: '' }])
    expect(issues.map((issue) => `${issue.field} ${issue.key}`)).toEqual(['questions.1.header required', 'questions.1.id malformed'])
  })

  it('written, file and audio questions need only a header and a degree', () => {
    expect(keys({ type: QuestionType.fileUpload, id: 'f', header: ' ', degree: null })).toEqual(['header required', 'degree required'])
  })
})
