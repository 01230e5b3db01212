import { describe, expect, it } from 'vitest'
import { exactGapMatching } from '../../../contracts/questions/normalise.ts'
import { scoreAnswer, scoreSubmission } from '../../../contracts/questions/scoring.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

const picks = (...selected: string[]) => ({ type: QuestionType.multipleChoice, selected })
const order = (...ids: string[]) => ({ type: QuestionType.rearrange, order: ids.map((n) => `i${n}`) })
const gaps = (...texts: string[]) => ({ type: QuestionType.complete, gaps: Object.fromEntries(texts.map((text, index) => [`g${index + 1}`, text])) })

describe('scoring: single choice and true/false are all or nothing', () => {
  it('the right option earns the degree, another option and no answer earn 0', () => {
    const question = singleChoice(2, 1)
    expect(scoreAnswer(question, { type: QuestionType.singleChoice, selected: 'o2' })).toEqual({ score: 2, max: 2, outcome: 'correct' })
    expect(scoreAnswer(question, { type: QuestionType.singleChoice, selected: 'o1' })).toEqual({ score: 0, max: 2, outcome: 'incorrect' })
    expect(scoreAnswer(question, { type: QuestionType.singleChoice, selected: null })).toEqual({ score: 0, max: 2, outcome: 'incorrect' })
    expect(scoreAnswer(question, undefined)).toEqual({ score: 0, max: 2, outcome: 'incorrect' })
  })

  it('true/false: the right value earns the degree, the wrong one or none 0', () => {
    expect(scoreAnswer(trueFalse(1, false), { type: QuestionType.trueFalse, value: false }).score).toBe(1)
    expect(scoreAnswer(trueFalse(1, false), { type: QuestionType.trueFalse, value: true }).score).toBe(0)
    expect(scoreAnswer(trueFalse(1, true), { type: QuestionType.trueFalse, value: null }).score).toBe(0)
  })

  it('an answer of another type counts as no answer', () => {
    expect(scoreAnswer(trueFalse(1, true), { type: QuestionType.singleChoice, selected: 'o1' })).toEqual({ score: 0, max: 1, outcome: 'incorrect' })
  })
})

describe('scoring: multiple choice, each wrong pick cancels one right pick, never below zero', () => {
  // Degree 4, options 1 and 3 right: each right pick is worth 4 ÷ 2 = 2.
  const question = multipleChoice(4, [true, false, true, false])

  it('both right options earn 4 of 4', () => {
    expect(scoreAnswer(question, picks('o1', 'o3'))).toMatchObject({ score: 4, outcome: 'correct' })
  })
  it('one right pick earns 2 of 4', () => {
    expect(scoreAnswer(question, picks('o3'))).toMatchObject({ score: 2, outcome: 'partial' })
  })
  it('two right picks and one wrong earn 2 of 4 (the wrong one cancels a right one)', () => {
    expect(scoreAnswer(question, picks('o1', 'o2', 'o3'))).toMatchObject({
      score: 2,
      outcome: 'partial',
      parts: [
        { id: 'o1', correct: true },
        { id: 'o2', correct: false },
        { id: 'o3', correct: true },
      ],
    })
  })
  it('ticking every option earns 0 when there are as many wrong options as right ones', () => {
    expect(scoreAnswer(question, picks('o1', 'o2', 'o3', 'o4'))).toMatchObject({ score: 0, outcome: 'incorrect' })
  })
  it('one right and two wrong picks earn 0, not −2', () => {
    expect(scoreAnswer(question, picks('o1', 'o2', 'o4')).score).toBe(0)
  })
  it('a repeated or unknown option key counts once or not at all', () => {
    expect(scoreAnswer(question, picks('o1', 'o1', 'o9', 'o3')).score).toBe(4)
  })
  it('thirds are rounded half up to two decimals: 1 of 3 right options with degree 2 earns 0.67', () => {
    expect(scoreAnswer(multipleChoice(2, [true, true, true, false]), picks('o1')).score).toBe(0.67)
  })
})

describe('scoring: complete earns degree ÷ gaps per gap', () => {
  it('3 of 4 gaps right with degree 2 earn 1.5', () => {
    const question = complete(2, [['Cairo'], ['Nile'], ['٧'], ['مصر']])
    const result = scoreAnswer(question, gaps('cairo', 'Nile', '7', 'مصرِ', ''))
    expect(result).toMatchObject({ score: 2, outcome: 'correct' })
    expect(scoreAnswer(question, gaps('cairo', 'Amazon', '7', 'مصر'))).toMatchObject({
      score: 1.5,
      outcome: 'partial',
      parts: [
        { id: 'g1', correct: true },
        { id: 'g2', correct: false },
        { id: 'g3', correct: true },
        { id: 'g4', correct: true },
      ],
    })
  })
  it('an accepted alternative earns the gap', () => {
    expect(scoreAnswer(complete(1, [['color', 'colour']]), gaps('Colour')).score).toBe(1)
  })
  it('with every switch off only the same text earns the gap', () => {
    const question = complete(1, [['Cairo']], exactGapMatching)
    expect(scoreAnswer(question, gaps('cairo')).score).toBe(0)
    expect(scoreAnswer(question, gaps(' Cairo')).score).toBe(0)
    expect(scoreAnswer(question, gaps('Cairo')).score).toBe(1)
  })
  it('a blank gap never earns', () => {
    expect(scoreAnswer(complete(1, [['x']]), gaps('   ')).score).toBe(0)
  })
})

describe('scoring: connect earns degree ÷ pairs per right pair', () => {
  it('2 of 4 pairs right with degree 3 earn 1.5', () => {
    const result = scoreAnswer(connect(3, 4), { type: QuestionType.connect, matches: { l1: 'r1', l2: 'r3', l3: 'r2', l4: 'r4' } })
    expect(result).toMatchObject({ score: 1.5, outcome: 'partial' })
  })
  it('all pairs right earn the degree; none drawn earn 0', () => {
    expect(scoreAnswer(connect(3, 3), { type: QuestionType.connect, matches: { l1: 'r1', l2: 'r2', l3: 'r3' } }).score).toBe(3)
    expect(scoreAnswer(connect(3, 3), { type: QuestionType.connect, matches: {} }).score).toBe(0)
  })
})

describe('scoring: re-arrange earns degree ÷ items for each item in its own place (issue 21)', () => {
  const marks = (...correct: boolean[]) => correct.map((right, index) => ({ id: `i${index + 1}`, correct: right }))
  it('all in place earns the degree, every item ✓', () => {
    expect(scoreAnswer(rearrange(4, 5), order('1', '2', '3', '4', '5'))).toEqual({
      score: 4,
      max: 4,
      outcome: 'correct',
      parts: marks(true, true, true, true, true),
    })
  })
  it('the order fully reversed leaves the middle item of five in place: 1 of 5', () => {
    expect(scoreAnswer(rearrange(5, 5), order('5', '4', '3', '2', '1'))).toMatchObject({
      score: 1,
      outcome: 'partial',
      parts: marks(false, false, true, false, false),
    })
  })
  it('the order fully reversed of an even count has none in place: 0', () => {
    expect(scoreAnswer(rearrange(4, 4), order('4', '3', '2', '1'))).toMatchObject({ score: 0, outcome: 'incorrect', parts: marks(false, false, false, false) })
  })
  it('each item one place along (the last moved first) has none in place: 0, though four keep their order', () => {
    expect(scoreAnswer(rearrange(4, 5), order('5', '1', '2', '3', '4'))).toMatchObject({
      score: 0,
      outcome: 'incorrect',
      parts: marks(false, false, false, false, false),
    })
  })
  it('the teachers’ case: Saturday and Sunday swapped, Monday in place: 1 of 3, Monday alone ✓', () => {
    expect(scoreAnswer(rearrange(3, 3), order('2', '1', '3'))).toMatchObject({ score: 1, outcome: 'partial', parts: marks(false, false, true) })
  })
  it('3 of 5 in place of a 2-mark question: 3 × 2 ÷ 5 = 1.2; shares kept exact and rounded once (2 of 3 of 1 mark: 0.67)', () => {
    expect(scoreAnswer(rearrange(2, 5), order('1', '2', '4', '3', '5'))).toMatchObject({ score: 1.2, parts: marks(true, true, false, false, true) })
    expect(scoreAnswer(rearrange(1, 3), order('1', '2')).score).toBe(0.67)
  })
  it('a short order, unknown and repeated keys: only a slot holding its own item counts', () => {
    expect(scoreAnswer(rearrange(4, 4), order('1', '1', 'x', '4')).score).toBe(2)
    expect(scoreAnswer(rearrange(4, 4), order('1')).score).toBe(1)
  })
  it('no order given earns 0, every item ✗', () => {
    expect(scoreAnswer(rearrange(2, 3), undefined)).toMatchObject({ score: 0, outcome: 'incorrect', parts: marks(false, false, false) })
  })
})

describe('scoring: written answers, files and recordings are the teacher’s', () => {
  it('paragraph is manual, 0 until graded', () => {
    expect(scoreAnswer(paragraph(5), { type: QuestionType.paragraph, text: 'A long summer.' })).toEqual({ score: 0, max: 5, outcome: 'manual' })
  })
})

describe('scoring a submission', () => {
  it('2.5 of 4: single choice right (1), 3 of 4 gaps right in a 2-degree complete (1.5), true/false wrong (0)', () => {
    const questions = [singleChoice(1, 0), complete(2, [['a'], ['b'], ['c'], ['d']]), trueFalse(1, true)]
    const answers = {
      'q-single': { type: QuestionType.singleChoice, selected: 'o1' },
      'q-complete': gaps('a', 'b', 'c', 'x'),
      'q-true-false': { type: QuestionType.trueFalse, value: false },
    } as const
    const result = scoreSubmission(questions, answers)
    expect(result).toMatchObject({ score: 2.5, max: 4, manualMax: 0 })
    expect(result.questions.map((question) => question.score)).toEqual([1, 1.5, 0])
  })

  it('the total is the sum of the rounded question scores, and manual degrees are reported apart', () => {
    const third = multipleChoice(1, [true, true, true, false], 'q1')
    const questions = [third, multipleChoice(1, [true, true, true, false], 'q2'), multipleChoice(1, [true, true, true, false], 'q3'), paragraph(5)]
    const one = picks('o1')
    const result = scoreSubmission(questions, { q1: one, q2: one, q3: one })
    expect(result.questions.map((question) => question.score)).toEqual([0.33, 0.33, 0.33, 0])
    expect(result).toMatchObject({ score: 0.99, max: 8, manualMax: 5 })
  })

  it('a key on the prototype (toString, constructor) is not an answer', () => {
    expect(scoreSubmission([trueFalse(1, true, 'toString')], {}).score).toBe(0)
    const gap = complete(1, [['x']])
    const renamed = { ...gap, body: gap.body.map((segment) => (segment.kind === 'gap' ? { ...segment, id: 'constructor' } : segment)) }
    expect(scoreAnswer(renamed, { type: QuestionType.complete, gaps: {} })).toMatchObject({ score: 0, outcome: 'incorrect' })
    const pairs = connect(2, 2)
    const withPrototypeKeys = {
      ...pairs,
      pairs: pairs.pairs.map((pair, index) => ({ ...pair, left: { ...pair.left, id: index === 0 ? 'toString' : 'valueOf' } })),
    }
    expect(scoreAnswer(withPrototypeKeys, { type: QuestionType.connect, matches: {} }).score).toBe(0)
  })
})
