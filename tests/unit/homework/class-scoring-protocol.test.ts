import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreAnswer, scorerOf } from '../../../contracts/questions/scoring.ts'
import type { Answer } from '../../../contracts/questions/question.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { type ClassBatch, decodeClassBatch, encodeClassBatch, mostDistinctAnswers, unknownValue } from '../../../contracts/questions/class-batch.ts'
import { readPackedClassScores, scoreAt, summaryOf, totalOf } from '../../../workers/class-scores-packed.ts'
import { prescoreClassPacked } from '../../../workers/class-batch-scoring.ts'
import { prescoreClass } from '../../../workers/class-scoring.ts'
import { scoringBatch } from '../../bench/scoring-batch.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

/** The scoring worker's protocol: the class goes in as one block of bytes, the scores come back as one ArrayBuffer. */
const questions = [singleChoice(1, 0), complete(2, [['a'], ['b']]), paragraph(4), { ...singleChoice(1, 1), id: 'constructor' }]
const submissions = [
  {
    studentId: 31,
    answers: { 'q-single': { type: QuestionType.singleChoice, selected: 'o1' }, 'q-paragraph': { type: QuestionType.paragraph, text: 'Mine.' } },
  },
  {
    studentId: 7,
    answers: { 'q-complete': { type: QuestionType.complete, gaps: { g1: 'A', g2: 'x' } }, constructor: { type: QuestionType.singleChoice, selected: 'o2' } },
  },
  { studentId: 52, answers: {} },
] as const

/** A student's answer to a question as the batch writes it: its number's values in the dictionary (the blank answer: zeros). */
const valuesOf = (batch: ClassBatch, q: number, student: number): Uint16Array => {
  const width = batch.widths[q]!
  const number = width === 0 ? 0 : batch.answers[batch.columnOf[q]! * batch.studentIds.length + student]!
  return number === 0
    ? new Uint16Array(width)
    : batch.dictionary.subarray(batch.dictionaryAt[q]! + (number - 1) * width, batch.dictionaryAt[q]! + number * width)
}

describe('the scoring worker’s batch (bytes)', () => {
  it('carries the questions, the students and each answer as what was given, nothing judged', () => {
    const keyed = [
      singleChoice(1, 0),
      multipleChoice(2, [true, false, true]),
      trueFalse(1, true),
      rearrange(2, 3),
      connect(3, 2),
      complete(2, [['a'], ['b']]),
      paragraph(4),
    ]
    const first = {
      'q-single': { type: QuestionType.singleChoice, selected: 'o2' },
      'q-multiple': { type: QuestionType.multipleChoice, selected: ['o1', 'o1', 'zz', 'o3'] },
      'q-true-false': { type: QuestionType.trueFalse, value: false },
      'q-rearrange': { type: QuestionType.rearrange, order: ['i3', 'zz', 'i1', 'i2'] },
      'q-connect': { type: QuestionType.connect, matches: { l2: 'r2', l1: 'r9' } },
      'q-complete': { type: QuestionType.complete, gaps: { g2: 'B', g7: 'x' } },
      'q-paragraph': { type: QuestionType.paragraph, text: 'Mine.' },
    } as const
    // An answer of another type is no answer; a second student writes the same gap text.
    const second = {
      'q-single': { type: QuestionType.trueFalse, value: true },
      'q-complete': { type: QuestionType.complete, gaps: { g1: 'a', g2: 'B' } },
    } as const
    const batch = decodeClassBatch(
      encodeClassBatch(keyed, [
        { studentId: 31, answers: first },
        { studentId: 7, answers: second },
      ]),
    )
    expect(batch.questions).toEqual(keyed)
    expect([...batch.studentIds]).toEqual([31, 7])
    expect([...batch.widths]).toEqual([1, 2, 1, 4, 2, 2, 0])
    expect(batch.texts).toEqual([[], [], [], [], [], [['a'], ['B']], []])
    // Each student's answer to each question, as the values it is written in.
    const given = (student: number) => keyed.map((_, q) => [...valuesOf(batch, q, student)])
    expect(given(0)).toEqual([[2], [0b101, 0], [1], [3, unknownValue, 1, 2], [unknownValue, 2], [0, 1], []])
    expect(given(1)).toEqual([[0], [0, 0], [0], [0, 0, 0, 0], [0, 0], [1, 1], []])
    // The blank answer is not in the dictionary; each other one is, once.
    expect([...batch.distinct]).toEqual([1, 1, 1, 1, 1, 2, 0])
  })

  it('writes each different answer to a question once, numbered in the order the class first gives it', () => {
    const pick = (selected: string) => ({ 'q-single': { type: QuestionType.singleChoice, selected } })
    const class_ = [pick('o2'), pick('o1'), {}, pick('o2'), pick('o9'), pick('o1')].map((answers, index) => ({ studentId: index, answers }))
    const batch = decodeClassBatch(encodeClassBatch([singleChoice(1, 0)], class_))
    expect([...batch.distinct]).toEqual([2])
    expect([...batch.dictionary]).toEqual([2, 1])
    // o9 is no option of the question: written as none, the blank answer.
    expect([...batch.answers]).toEqual([1, 2, 0, 1, 0, 2])
  })

  it('keeps a gap keyed `__proto__` and an answer keyed `constructor` as their own entries', () => {
    const question = { ...complete(2, [['a']]), body: [{ kind: 'gap' as const, id: '__proto__', answers: ['a'] }] }
    const answer = { type: QuestionType.complete, gaps: JSON.parse('{"__proto__":"A"}') as Record<string, string> } as const
    const single = { ...singleChoice(1, 1), id: 'constructor' }
    const packed = readPackedClassScores(
      prescoreClassPacked(decodeClassBatch(encodeClassBatch([question, single], [{ studentId: 1, answers: { 'q-complete': answer } }]))),
    )
    expect(totalOf(packed, 0).score).toBe(2)
    expect(scoreAt(packed, 0, 1)).toEqual({ score: 0, outcome: 'incorrect' })
  })

  it('refuses to write a gap with more different texts than a value can number', () => {
    const question = complete(1, [['a']])
    const class_ = (students: number) =>
      Array.from({ length: students }, (_, index) => ({
        studentId: index,
        answers: { 'q-complete': { type: QuestionType.complete, gaps: { g1: `text ${index}` } } },
      }))
    expect(decodeClassBatch(encodeClassBatch([question], class_(65_534))).texts[0]![0]).toHaveLength(65_534)
    expect(() => encodeClassBatch([question], class_(65_535))).toThrow(/at most 65,534/)
  })

  it('refuses to write a question with more different answers than its column can number', () => {
    const question = complete(1, [['a'], ['b']])
    const class_ = (students: number) =>
      Array.from({ length: students }, (_, index) => ({
        studentId: index,
        answers: { 'q-complete': { type: QuestionType.complete, gaps: { g1: `a${index & 0xff}`, g2: `b${index >> 8}` } } },
      }))
    expect(decodeClassBatch(encodeClassBatch([question], class_(mostDistinctAnswers))).distinct[0]).toBe(mostDistinctAnswers)
    expect(() => encodeClassBatch([question], class_(mostDistinctAnswers + 1))).toThrow(/at most 65,535 different answers/)
  })

  it('refuses bytes that are not a batch of this format, or whose header, ids, dictionary or answers do not fit', () => {
    const good = encodeClassBatch(questions, submissions)
    const withWord = (index: number, value: number) => {
      const bytes = good.slice()
      new DataView(bytes.buffer).setInt32(index * 4, value, true)
      return bytes
    }
    expect(() => decodeClassBatch(new Uint8Array(3))).toThrow(/short/)
    expect(() => decodeClassBatch(withWord(0, 2))).toThrow(/format/)
    expect(() => decodeClassBatch(withWord(1, 4))).toThrow(/ids and answers/)
    expect(() => decodeClassBatch(withWord(2, 5))).toThrow(/header does not match/)
    expect(() => decodeClassBatch(withWord(3, 9))).toThrow(/add up to the dictionary/)
    expect(() => decodeClassBatch(withWord(4, 1 << 30))).toThrow(/sizes do not fit/)
    expect(() => decodeClassBatch(good.subarray(0, good.length - 2))).toThrow(/ids and answers/)
    // A batch whose bytes sit at an odd place in their buffer is read all the same (copied to align).
    const unaligned = new Uint8Array(good.length + 1)
    unaligned.set(good, 1)
    expect([...decodeClassBatch(unaligned.subarray(1)).studentIds]).toEqual([31, 7, 52])
    const headLength = new DataView(good.buffer).getInt32(16, true)
    const head = JSON.parse(new TextDecoder().decode(good.subarray(20, 20 + headLength))) as Record<string, unknown>
    const aligned = (length: number) => Math.ceil((20 + length) / 4) * 4
    const withHead = (changed: Record<string, unknown>) => {
      const text = new TextEncoder().encode(JSON.stringify(changed))
      const rest = good.subarray(aligned(headLength))
      const bytes = new Uint8Array(aligned(text.length) + rest.length)
      bytes.set(good.subarray(0, 20))
      new DataView(bytes.buffer).setInt32(16, text.length, true)
      bytes.set(text, 20)
      bytes.set(rest, bytes.length - rest.length)
      return bytes
    }
    expect(() => decodeClassBatch(withHead(head))).not.toThrow()
    expect(() => decodeClassBatch(withHead({ ...head, widths: undefined }))).toThrow(/header needs/)
    expect(() => decodeClassBatch(withHead({ ...head, widths: [2, 2, 0, 1] }))).toThrow(/width does not fit its type/)
    expect(() => decodeClassBatch(withHead({ ...head, distinct: undefined }))).toThrow(/header needs/)
    expect(() => decodeClassBatch(withHead({ ...head, distinct: [1, 1, 1, 1] }))).toThrow(/different answers do not fit/)
    expect(() => decodeClassBatch(withHead({ ...head, distinct: [1, 1, 0, 65_536] }))).toThrow(/different answers do not fit/)
    expect(() => decodeClassBatch(withHead({ ...head, distinct: [1, -1, 0, 1] }))).toThrow(/different answers do not fit/)
    expect(() => decodeClassBatch(withHead({ ...head, texts: [[], [], [], []] }))).toThrow(/texts per gap/)
  })

  it('refuses to write a student id that is not a 32-bit integer', () => {
    const one = (studentId: number) => () => encodeClassBatch(questions, [{ studentId, answers: {} }])
    expect(one(-(2 ** 31))).not.toThrow()
    for (const studentId of [2 ** 31, 1.5, Number.NaN]) expect(one(studentId)).toThrow(/32-bit integer/)
  })
})

describe('the scoring worker’s answer (packed class scores)', () => {
  const agree = (
    batchQuestions: typeof questions | ReturnType<typeof scoringBatch>['questions'],
    batchSubmissions: typeof submissions | ReturnType<typeof scoringBatch>['submissions'],
  ) => {
    const reference = prescoreClass(batchQuestions, batchSubmissions)
    const packed = readPackedClassScores(prescoreClassPacked(decodeClassBatch(encodeClassBatch(batchQuestions, batchSubmissions))))
    expect([packed.students, packed.questions]).toEqual([batchSubmissions.length, batchQuestions.length])
    reference.students.forEach((student, s) => {
      expect(totalOf(packed, s)).toEqual({ score: student.score, max: student.max, manualMax: student.manualMax })
      student.questions.forEach((scored, q) => expect(scoreAt(packed, s, q)).toEqual({ score: scored.score, outcome: scored.outcome }))
    })
    reference.questions.forEach((summary, q) => expect(summaryOf(packed, q)).toEqual({ counts: summary.counts, average: summary.average }))
  }

  it('holds the same scores, outcomes, totals and question summaries as prescoreClass', () => agree(questions, submissions))

  it('agrees with prescoreClass on a generated class of every question type', () => {
    const batch = scoringBatch(300, 7)
    agree(batch.questions, batch.submissions)
  })

  it('agrees with prescoreClass on any answers: unknown, repeated and prototype keys, answers of another type, none', () => {
    const mixed = [
      multipleChoice(3, [true, false, true, false]),
      singleChoice(1, 2),
      trueFalse(1, false),
      rearrange(3, 5),
      rearrange(1, 1, 'q-one'),
      complete(2, [['Cairo'], ['النيل', 'نيل']]),
      connect(3, 4),
      paragraph(2),
    ]
    const key = (prefix: string) =>
      fc.oneof(
        fc.integer({ min: 1, max: 6 }).map((n) => `${prefix}${n}`),
        fc.constantFrom('zz', 'constructor', '__proto__'),
      )
    const keyed = (keys: ReadonlyArray<string>, values: fc.Arbitrary<string>) => fc.dictionary(fc.constantFrom(...keys), values, { maxKeys: keys.length })
    const answerTo = fc.record({
      'q-multiple': fc.option(
        fc.array(key('o'), { maxLength: 7 }).map((selected) => ({ type: QuestionType.multipleChoice, selected })),
        { nil: undefined },
      ),
      'q-single': fc.option(
        fc.oneof(
          fc.option(key('o'), { nil: null }).map((selected) => ({ type: QuestionType.singleChoice, selected })),
          fc.constant({ type: QuestionType.trueFalse, value: true }),
        ),
        { nil: undefined },
      ),
      'q-true-false': fc.option(
        fc.boolean().map((value) => ({ type: QuestionType.trueFalse, value })),
        { nil: undefined },
      ),
      'q-rearrange': fc.option(
        fc.array(key('i'), { maxLength: 8 }).map((order) => ({ type: QuestionType.rearrange, order })),
        { nil: undefined },
      ),
      'q-one': fc.option(
        fc.array(key('i'), { maxLength: 2 }).map((order) => ({ type: QuestionType.rearrange, order })),
        { nil: undefined },
      ),
      'q-complete': fc.option(
        keyed(['g1', 'g2', 'g3', '__proto__'], fc.constantFrom('cairo', ' CAIRO ', 'Giza', 'نيل', 'النيلُ', '', 'ـــ')).map((gaps) => ({
          type: QuestionType.complete,
          gaps,
        })),
        { nil: undefined },
      ),
      'q-connect': fc.option(
        keyed(['l1', 'l2', 'l3', 'l4', 'l9', 'constructor'], key('r')).map((matches) => ({ type: QuestionType.connect, matches })),
        { nil: undefined },
      ),
      'q-paragraph': fc.option(fc.constant({ type: QuestionType.paragraph, text: 'Mine.' }), { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(answerTo, { minLength: 1, maxLength: 6 }), (classAnswers) => {
        const submissions = classAnswers.map((answers, index) => ({
          studentId: index,
          answers: Object.fromEntries(Object.entries(answers).filter(([, answer]) => answer !== undefined)) as Record<string, Answer>,
        }))
        agree(mixed, submissions)
      }),
      { seed: 20261124, numRuns: 300 },
    )
  })

  it('re-arrange: the batch scorer gives each student what the single-answer scorer does, on random orders (issue 21: per place)', () => {
    const days = [rearrange(2, 5), rearrange(3, 7, 'q-seven')]
    const orderOf = (count: number) =>
      fc.oneof(
        fc.shuffledSubarray(
          Array.from({ length: count }, (_, index) => `i${index + 1}`),
          { minLength: count, maxLength: count },
        ),
        fc.array(fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'zz'), { maxLength: 9 }),
      )
    const answerTo = fc.record({ 'q-rearrange': orderOf(5), 'q-seven': orderOf(7) })
    fc.assert(
      fc.property(fc.array(answerTo, { minLength: 1, maxLength: 12 }), (classOrders) => {
        const submissions = classOrders.map((orders, studentId) => ({
          studentId,
          answers: Object.fromEntries(Object.entries(orders).map(([id, order]) => [id, { type: QuestionType.rearrange, order }])) as Record<string, Answer>,
        }))
        const packed = readPackedClassScores(prescoreClassPacked(decodeClassBatch(encodeClassBatch(days, submissions))))
        submissions.forEach((submission, s) =>
          days.forEach((question, q) => {
            const single = scoreAnswer(question, submission.answers[question.id])
            expect(scoreAt(packed, s, q)).toEqual({ score: single.score, outcome: single.outcome })
          }),
        )
      }),
      { seed: 20261127, numRuns: 200 },
    )
  })

  it('reads the answers’ numbers from the batch’s own buffer, which goes back with the scores', () => {
    const bytes = encodeClassBatch(questions, submissions)
    const result = prescoreClassPacked(decodeClassBatch(bytes))
    expect(result.answers).toBe(bytes.buffer)
    // A class of 3 × 4 answers: the scores hold no byte per answer.
    expect(result.scores.byteLength).toBeLessThan(bytes.byteLength)
  })

  it('refuses scores of another format or size, or answers that do not hold their numbers', () => {
    const { scores, answers } = prescoreClassPacked(decodeClassBatch(encodeClassBatch(questions, submissions)))
    expect(() => readPackedClassScores({ scores: scores.slice(0, scores.byteLength - 1), answers })).toThrow(/size/)
    const other = scores.slice(0)
    new Int32Array(other, 0, 1)[0] = 9
    expect(() => readPackedClassScores({ scores: other, answers })).toThrow(/format/)
    expect(() => readPackedClassScores({ scores: new ArrayBuffer(4), answers })).toThrow(/short/)
    expect(() => readPackedClassScores({ scores, answers: new ArrayBuffer(8) })).toThrow(/do not hold/)
  })
})

describe('the re-arrange scorer’s shares', () => {
  it('are the items its parts mark in place (repeats and unknown keys earn nothing)', () => {
    const key = fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'zz', 'constructor')
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.array(key, { maxLength: 12 }), (count, order) => {
        const question = rearrange(3, count)
        const answer = { type: QuestionType.rearrange, order } as const
        const inPlace = scoreAnswer(question, answer).parts!.filter((part) => part.correct).length
        expect(scorerOf(question).earned(answer)).toBe(inPlace)
      }),
      { seed: 20261123, numRuns: 300 },
    )
  })
})
