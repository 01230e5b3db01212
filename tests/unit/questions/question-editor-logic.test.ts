import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { checkQuestion } from '../../../contracts/questions/builder-rules.ts'
import { Question } from '../../../contracts/questions/question.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { acceptedExtensions, allFormats, answerFileRules } from '../../../src/questions/answer-files.ts'
import { matchTo, poolId, slotId } from '../../../src/questions/dnd/connect-matches.ts'
import { moveEntry, newDraft, parseDegree, questionTypeOrder, retype, toQuestion, totalDegree, withNewKeys } from '../../../src/questions/drafts.ts'
import { stepForKey, steppedIndex } from '../../../src/questions/rtl-keys.ts'

describe('arrow keys in reading order (rtl-keys)', () => {
  it('moves forward with ArrowRight in English and with ArrowLeft in Arabic, in a row', () => {
    expect(stepForKey('ArrowRight', 'ltr', 'horizontal')).toBe(1)
    expect(stepForKey('ArrowLeft', 'ltr', 'horizontal')).toBe(-1)
    expect(stepForKey('ArrowRight', 'rtl', 'horizontal')).toBe(-1)
    expect(stepForKey('ArrowLeft', 'rtl', 'horizontal')).toBe(1)
  })
  it('keeps up and down the same in both directions, and ignores them in a row', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(stepForKey('ArrowDown', direction, 'vertical')).toBe(1)
      expect(stepForKey('ArrowUp', direction, 'vertical')).toBe(-1)
      expect(stepForKey('ArrowDown', direction, 'horizontal')).toBe(0)
      expect(stepForKey('ArrowLeft', direction, 'vertical')).toBe(0)
    }
  })
  it('takes both in a wrapping row, and nothing for other keys', () => {
    expect(stepForKey('ArrowDown', 'rtl', 'both')).toBe(1)
    expect(stepForKey('ArrowLeft', 'rtl', 'both')).toBe(1)
    expect(stepForKey('KeyA', 'ltr', 'both')).toBe(0)
    expect(stepForKey('Space', 'rtl', 'both')).toBe(0)
  })
  it('stops at both ends instead of wrapping around', () => {
    expect(steppedIndex(0, -1, 3)).toBe(0)
    expect(steppedIndex(2, 1, 3)).toBe(2)
    expect(steppedIndex(1, 1, 3)).toBe(2)
  })
})

describe('question drafts', () => {
  it('makes an empty draft of every type that the builder rules refuse until it is filled', () => {
    for (const type of questionTypeOrder) expect(checkQuestion(newDraft(type)).length, String(type)).toBeGreaterThan(0)
  })
  it('a filled draft of every type is a valid Question of the contract', () => {
    for (const type of questionTypeOrder) {
      let draft = { ...newDraft(type), header: 'Header' }
      if (draft.type === QuestionType.multipleChoice || draft.type === QuestionType.singleChoice)
        draft = { ...draft, options: draft.options.map((option, index) => ({ ...option, text: `Option ${index}`, correct: index === 0 })) }
      if (draft.type === QuestionType.trueFalse) draft = { ...draft, correct: false }
      if (draft.type === QuestionType.rearrange) draft = { ...draft, items: draft.items.map((item, index) => ({ ...item, text: `Step ${index}` })) }
      if (draft.type === QuestionType.connect)
        draft = {
          ...draft,
          pairs: draft.pairs.map((pair, index) => ({ left: { ...pair.left, text: `L${index}` }, right: { ...pair.right, text: `R${index}` } })),
        }
      if (draft.type === QuestionType.complete)
        draft = {
          ...draft,
          body: draft.body.map((segment) => (segment.kind === 'text' ? { ...segment, text: 'The capital is' } : { ...segment, answers: ['Cairo'] })),
        }
      const question = toQuestion(draft)
      expect(question, String(type)).not.toBeNull()
      expect(Schema.decodeUnknownExit(Question)(question)._tag, String(type)).toBe('Success')
    }
  })
  it('keeps the header, degree and key when the type changes', () => {
    const draft = { ...newDraft(QuestionType.multipleChoice), header: 'Kept', degree: 2.5 }
    const changed = retype(draft, QuestionType.connect)
    expect([changed.type, changed.header, changed.degree, changed.id]).toEqual([QuestionType.connect, 'Kept', 2.5, draft.id])
  })
  it('gives a copy new keys everywhere', () => {
    const draft = newDraft(QuestionType.connect)
    const copy = withNewKeys(draft)
    expect(copy.id).not.toBe(draft.id)
    if (copy.type === QuestionType.connect && draft.type === QuestionType.connect) expect(copy.pairs[0]!.left.id).not.toBe(draft.pairs[0]!.left.id)
  })
  it('reads degrees typed in Latin or Arabic-Indic digits with any decimal separator', () => {
    expect(parseDegree('1.5')).toBe(1.5)
    expect(parseDegree('١٫٥')).toBe(1.5)
    expect(parseDegree('2,5')).toBe(2.5)
    expect(parseDegree(' ')).toBeNull()
    expect(parseDegree('abc')).toBeNaN()
    expect(parseDegree('-1')).toBeNaN()
  })
  it('adds degrees in halves without drift and skips unset ones', () => {
    expect(totalDegree(Array.from({ length: 10 }, () => ({ degree: 0.5 })))).toBe(5)
    expect(totalDegree([{ degree: 1 }, { degree: null }, { degree: Number.NaN }, { degree: 2.5 }])).toBe(3.5)
  })
  it('moves an entry and holds the target inside the list', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveEntry(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a'])
    expect(moveEntry(['a', 'b'], 4, 0)).toEqual(['a', 'b'])
  })
})

describe('connect answers (matchTo)', () => {
  it('places a match on an item, one place at a time, and sends a displaced one back', () => {
    const first = matchTo({}, 'egypt', slotId('cairo'))
    expect(first).toEqual({ cairo: 'egypt' })
    expect(matchTo(first, 'egypt', slotId('paris'))).toEqual({ paris: 'egypt' })
    expect(matchTo(first, 'france', slotId('cairo'))).toEqual({ cairo: 'france' })
    expect(matchTo(first, 'egypt', poolId)).toEqual({})
  })
})

describe("file answers (the course attachments' rules, said to people)", () => {
  it("offers every extension of the spec's groups in the picker and names the limits of contracts/attachments.ts", () => {
    expect(acceptedExtensions.split(',')).toEqual(['.pdf', '.docx', '.doc', '.avi', '.mp4', '.mov', '.webm', '.jpg', '.jpeg', '.png', '.mp3'])
    expect(answerFileRules).toEqual({ maxFiles: 20, photoMegabytes: 10, otherMegabytes: 200, minImageSide: 400 })
    expect(allFormats()).toBe('PDF, DOCX, DOC, AVI, MP4, MOV, WEBM, JPG, JPEG, PNG, MP3')
  })
})
