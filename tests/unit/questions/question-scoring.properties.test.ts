import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultGapMatching } from '../../../contracts/questions/normalise.ts'
import type { Answer, Question } from '../../../contracts/questions/question.ts'
import { scoreAnswer, scoreSubmission } from '../../../contracts/questions/scoring.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { complete, connect, multipleChoice, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

// A fixed seed, as the project's other property sweeps: the same cases on every run.
const runs = { seed: 20261123, numRuns: 300 }

const degree = fc.integer({ min: 1, max: 1999 }).map((halves) => halves / 2)
const key = fc.constantFrom('o1', 'o2', 'o3', 'o9', 'i1', 'i2', 'i3', 'i4', 'l1', 'r1', 'r2', 'g1', 'g2', 'zz')

/** Any auto-gradable question, built by the test fixtures. */
const question: fc.Arbitrary<Question> = fc.oneof(
  fc
    .tuple(degree, fc.array(fc.boolean(), { minLength: 2, maxLength: 8 }))
    .map(([d, correct]) => multipleChoice(d, correct.some(Boolean) ? correct : [true, ...correct])),
  fc.tuple(degree, fc.integer({ min: 2, max: 6 })).chain(([d, count]) => fc.nat({ max: count - 1 }).map((right) => singleChoice(d, right, count))),
  fc.tuple(degree, fc.boolean()).map(([d, value]) => trueFalse(d, value)),
  fc.tuple(degree, fc.integer({ min: 2, max: 9 })).map(([d, count]) => rearrange(d, count)),
  fc.tuple(degree, fc.array(fc.constantFrom('Cairo', 'النيل', '12', 'colour'), { minLength: 1, maxLength: 6 })).map(([d, answers]) =>
    complete(
      d,
      answers.map((answer) => [answer]),
    ),
  ),
  fc.tuple(degree, fc.integer({ min: 2, max: 8 })).map(([d, count]) => connect(d, count)),
)

/** Any answer at all to a question of the same type: picks, orders and pairs of known and unknown keys. */
const anyAnswer = (q: Question): fc.Arbitrary<Answer> => {
  switch (q.type) {
    case QuestionType.multipleChoice:
      return fc.array(key).map((selected) => ({ type: q.type, selected }))
    case QuestionType.singleChoice:
      return fc.option(key, { nil: null }).map((selected) => ({ type: q.type, selected }))
    case QuestionType.trueFalse:
      return fc.option(fc.boolean(), { nil: null }).map((value) => ({ type: q.type, value }))
    case QuestionType.rearrange:
      return fc.oneof(fc.shuffledSubarray(q.items.map((item) => item.id)), fc.array(key)).map((order) => ({ type: q.type, order }))
    case QuestionType.complete:
      return fc.dictionary(fc.constantFrom('g1', 'g2', 'g3', 'g9'), fc.constantFrom('cairo', 'Nile', '', '١٢', 'x')).map((gaps) => ({ type: q.type, gaps }))
    case QuestionType.connect:
      return fc
        .dictionary(fc.constantFrom(...q.pairs.map((pair) => pair.left.id)), fc.constantFrom(...q.pairs.map((pair) => pair.right.id), 'zz'))
        .map((matches) => ({ type: q.type, matches }))
    default:
      return fc.constant({ type: QuestionType.paragraph, text: '' })
  }
}

/** The answer a teacher would mark fully right. */
const perfectAnswer = (q: Question): Answer => {
  switch (q.type) {
    case QuestionType.multipleChoice:
      return { type: q.type, selected: q.options.filter((option) => option.correct).map((option) => option.id) }
    case QuestionType.singleChoice:
      return { type: q.type, selected: q.options.find((option) => option.correct)!.id }
    case QuestionType.trueFalse:
      return { type: q.type, value: q.correct }
    case QuestionType.rearrange:
      return { type: q.type, order: q.items.map((item) => item.id) }
    case QuestionType.complete:
      return { type: q.type, gaps: Object.fromEntries(q.body.flatMap((segment) => (segment.kind === 'gap' ? [[segment.id, segment.answers[0]!]] : []))) }
    case QuestionType.connect:
      return { type: q.type, matches: Object.fromEntries(q.pairs.map((pair) => [pair.left.id, pair.right.id])) }
    default:
      throw new Error('not auto-graded')
  }
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6

describe('scoring properties', () => {
  it('any answer scores between 0 and the degree, in hundredths, with an outcome that agrees', () => {
    fc.assert(
      fc.property(
        question.chain((q) => fc.tuple(fc.constant(q), anyAnswer(q))),
        ([q, answer]) => {
          const result = scoreAnswer(q, answer)
          expect(result.max).toBe(q.degree)
          expect(result.score).toBeGreaterThanOrEqual(0)
          expect(result.score).toBeLessThanOrEqual(result.max)
          expect(hasAtMostTwoDecimals(result.score)).toBe(true)
          if (result.outcome === 'correct') expect(result.score).toBe(result.max)
          if (result.outcome === 'incorrect') expect(result.score).toBe(0)
        },
      ),
      runs,
    )
  })

  it('a perfect answer gets the degree; no answer gets 0', () => {
    fc.assert(
      fc.property(question, (q) => {
        expect(scoreAnswer(q, perfectAnswer(q))).toMatchObject({ score: q.degree, outcome: 'correct' })
        expect(scoreAnswer(q, undefined)).toMatchObject({ score: 0, outcome: 'incorrect' })
      }),
      runs,
    )
  })

  it('a gap answer scores the same whatever its spaces, case, tashkeel, tatweel, alef forms and digit script', () => {
    const word = fc.array(fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'), { minLength: 1, maxLength: 6 }).map((letters) => letters.join(''))
    const latin = fc.stringMatching(/^[a-z]{1,6}$/)
    const digits = fc.stringMatching(/^[0-9]{1,4}$/)
    const phrase = fc.array(fc.oneof(word, latin, digits), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '))
    const mark = fc.constantFrom('\u064B', '\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u0670', '\u0640')
    const variant = (text: string) =>
      fc.tuple(fc.array(fc.tuple(fc.boolean(), mark)), fc.boolean(), fc.constantFrom(' ', '  ', '\u00A0', '\t')).map(([marks, upper, space]) => {
        let index = 0
        const chars = [...text].map((char) => {
          const [addMark, chosen] = marks[index++ % Math.max(1, marks.length)] ?? [false, '']
          const letter = upper ? char.toUpperCase() : char
          const written = letter === 'ا' && addMark ? 'أ' : /[0-9]/.test(letter) && addMark ? String.fromCharCode(0x0660 + Number(letter)) : letter
          return /[\u0621-\u064A]/.test(char) && addMark ? written + chosen : written === ' ' ? space : written
        })
        return `${space}${chars.join('')}${space}`
      })
    fc.assert(
      fc.property(
        phrase.chain((text) => fc.tuple(fc.constant(text), variant(text))),
        ([text, written]) => {
          const q = complete(2, [[text]], defaultGapMatching)
          expect(scoreAnswer(q, { type: QuestionType.complete, gaps: { g1: written } }).score).toBe(2)
        },
      ),
      runs,
    )
  })

  it('re-arrange: putting an item in its place (swapped with the one there) raises the score; the score is the items in place', () => {
    const order = fc.integer({ min: 2, max: 9 }).chain((count) =>
      fc.tuple(
        fc.constant(count),
        fc.shuffledSubarray(
          Array.from({ length: count }, (_, index) => index + 1),
          { minLength: count, maxLength: count },
        ),
      ),
    )
    fc.assert(
      fc.property(order, fc.nat(), ([count, positions], at) => {
        const q = rearrange(count, count)
        const score = (ids: number[]) => scoreAnswer(q, { type: QuestionType.rearrange, order: ids.map((n) => `i${n}`) }).score
        expect(score(positions)).toBe(positions.filter((value, index) => value === index + 1).length)
        const misplaced = positions.flatMap((value, index) => (value !== index + 1 ? [index] : []))
        fc.pre(misplaced.length > 0)
        const from = misplaced[at % misplaced.length]!
        const to = positions[from]! - 1
        const better = [...positions]
        ;[better[from], better[to]] = [better[to]!, better[from]!]
        expect(score(better)).toBeGreaterThan(score(positions))
      }),
      runs,
    )
  })

  it('multiple choice: adding a right pick never lowers the score, adding a wrong pick never raises it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 2, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        (correct, picked, extra) => {
          const q = multipleChoice(4, correct.some(Boolean) ? correct : [true, ...correct])
          const selected = q.options.filter((_, index) => picked[index]).map((option) => option.id)
          const added = q.options[extra % q.options.length]!
          fc.pre(!selected.includes(added.id))
          const before = scoreAnswer(q, { type: QuestionType.multipleChoice, selected }).score
          const after = scoreAnswer(q, { type: QuestionType.multipleChoice, selected: [...selected, added.id] }).score
          if (added.correct) expect(after).toBeGreaterThanOrEqual(before)
          else expect(after).toBeLessThanOrEqual(before)
        },
      ),
      runs,
    )
  })

  it('a submission totals its question scores exactly, between 0 and the sum of degrees', () => {
    const submission = fc.array(question, { minLength: 1, maxLength: 6 }).chain((questions) => {
      const keyed = questions.map((q, index) => ({ ...q, id: `q${index}` }) as Question)
      return fc.tuple(fc.constant(keyed), fc.tuple(...keyed.map((q) => fc.option(anyAnswer(q), { nil: undefined }))))
    })
    fc.assert(
      fc.property(submission, ([questions, answers]) => {
        const result = scoreSubmission(questions, Object.fromEntries(questions.map((q, index) => [q.id, answers[index]])))
        const sum = result.questions.reduce((total, entry) => total + Math.round(entry.score * 100), 0) / 100
        expect(result.score).toBe(sum)
        expect(result.score).toBeGreaterThanOrEqual(0)
        expect(result.score).toBeLessThanOrEqual(result.max)
        expect(hasAtMostTwoDecimals(result.score)).toBe(true)
      }),
      runs,
    )
  })
})
