import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreAnswer, scorerOf } from '../../contracts/questions/scoring.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import { decodeClassBatch, encodeClassBatch } from '../../contracts/questions/class-batch.ts'
import { readPackedClassScores, scoreAt, summaryOf, totalOf } from '../../workers/class-scores-packed.ts'
import { prescoreClass, prescoreClassPacked } from '../../workers/class-scoring.ts'
import { scoringBatch } from '../bench/scoring-batch.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from './fixtures/questions/build.ts'

/** The scoring worker's protocol: the class goes in as one JSON string, the scores come back as one ArrayBuffer. */
const questions = [singleChoice(1, 0), complete(2, [['a'], ['b']]), paragraph(4), { ...singleChoice(1, 1), id: 'constructor' }]
const submissions = [
  { studentId: 'amira', answers: { 'q-single': { type: QuestionType.singleChoice, selected: 'o1' }, 'q-paragraph': { type: QuestionType.paragraph, text: 'Mine.' } } },
  { studentId: 7, answers: { 'q-complete': { type: QuestionType.complete, gaps: { g1: 'A', g2: 'x' } }, constructor: { type: QuestionType.singleChoice, selected: 'o2' } } },
  { studentId: 'laila', answers: {} },
] as const

describe('the scoring worker’s batch (a JSON string)', () => {
  it('carries each student’s answers in the questions’ order, null where she gave none', () => {
    const batch = decodeClassBatch(encodeClassBatch(questions, submissions))
    expect(batch.questions).toEqual(questions)
    expect(batch.studentIds).toEqual(['amira', 7, 'laila'])
    expect(batch.answers[0]).toEqual([{ type: 2, selected: 'o1' }, null, { type: 4, text: 'Mine.' }, null])
    // A question keyed `constructor` finds the student's own answer, never Object.prototype's.
    expect(batch.answers[1]).toEqual([null, { type: 7, gaps: { g1: 'A', g2: 'x' } }, null, { type: 2, selected: 'o2' }])
    expect(batch.answers[2]).toEqual([null, null, null, null])
  })

  it('is compact: each answer as its value in the question’s order, keys the question does not know and answers of another type left out', () => {
    const keyed = [multipleChoice(2, [true, false]), trueFalse(1, true), rearrange(2, 3), connect(3, 2), complete(2, [['a'], ['b']])]
    const answers = {
      'q-multiple': { type: QuestionType.multipleChoice, selected: ['o1', 'o1', 'zz'] },
      'q-true-false': { type: QuestionType.trueFalse, value: false },
      'q-rearrange': { type: QuestionType.singleChoice, selected: 'i1' },
      'q-connect': { type: QuestionType.connect, matches: { l2: 'r2', l9: 'r1' } },
      'q-complete': { type: QuestionType.complete, gaps: { g2: 'b', g7: 'x' } },
    } as const
    const text = encodeClassBatch(keyed, [{ studentId: 1, answers }])
    expect((JSON.parse(text) as { students: unknown }).students).toEqual([[1, [['o1', 'o1', 'zz'], false, null, [null, 'r2'], [null, 'b']]]])
    const [decoded] = decodeClassBatch(text).answers
    expect(decoded).toEqual([answers['q-multiple'], answers['q-true-false'], null, { type: 8, matches: { l2: 'r2' } }, { type: 7, gaps: { g2: 'b' } }])
    keyed.forEach((question, index) => expect(scoreAnswer(question, decoded![index])).toEqual(scoreAnswer(question, answers[question.id as keyof typeof answers])))
  })

  it('keeps a gap keyed `__proto__` as the answer’s own entry', () => {
    const question = { ...complete(2, [['a']]), body: [{ kind: 'gap' as const, id: '__proto__', answers: ['a'] }] }
    const answer = { type: QuestionType.complete, gaps: JSON.parse('{"__proto__":"A"}') as Record<string, string> } as const
    const [decoded] = decodeClassBatch(encodeClassBatch([question], [{ studentId: 1, answers: { 'q-complete': answer } }])).answers
    expect(Object.hasOwn((decoded![0] as typeof answer).gaps, '__proto__')).toBe(true)
    expect(scoreAnswer(question, decoded![0]).score).toBe(2)
  })

  it('refuses text that is not a batch of this format, a student without one answer per question, or an answer of the wrong kind', () => {
    const good = JSON.parse(encodeClassBatch(questions, submissions)) as Record<string, unknown>
    const withStudent = (student: unknown) => JSON.stringify({ ...good, students: [student] })
    expect(() => decodeClassBatch('[]')).toThrow(/format/)
    expect(() => decodeClassBatch(JSON.stringify({ ...good, format: 1 }))).toThrow(/format/)
    expect(() => decodeClassBatch(withStudent([1, [null]]))).toThrow(/one answer/)
    expect(() => decodeClassBatch(withStudent({ id: 1, answers: [null, null, null, null] }))).toThrow(/her id and her answers/)
    expect(() => decodeClassBatch(withStudent([{}, [null, null, null, null]]))).toThrow(/id/)
    expect(() => decodeClassBatch(withStudent([1, [['o1'], null, null, null]]))).toThrow(/single choice/)
    expect(() => decodeClassBatch(withStudent([1, [null, ['a'], null, null]]))).toThrow(/per gap or pair/)
    expect(() => decodeClassBatch(withStudent([1, [null, ['a', 2], null, null]]))).toThrow(/per gap or pair/)
    expect(() => decodeClassBatch(withStudent([1, [null, null, 'text', null]]))).toThrow(/marked by hand/)
    expect(() => decodeClassBatch('{')).toThrow()
  })
})

describe('the scoring worker’s answer (packed class scores)', () => {
  const agree = (batchQuestions: typeof questions | ReturnType<typeof scoringBatch>['questions'], batchSubmissions: typeof submissions | ReturnType<typeof scoringBatch>['submissions']) => {
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

  it('refuses a buffer of another format or size', () => {
    const buffer = prescoreClassPacked(decodeClassBatch(encodeClassBatch(questions, submissions)))
    expect(() => readPackedClassScores(buffer.slice(0, buffer.byteLength - 1))).toThrow(/size/)
    const other = buffer.slice(0)
    new Int32Array(other, 0, 1)[0] = 9
    expect(() => readPackedClassScores(other)).toThrow(/format/)
    expect(() => readPackedClassScores(new ArrayBuffer(4))).toThrow(/short/)
  })
})

describe('the re-arrange scorer’s run length', () => {
  it('is the length of the longest ordered run its parts mark right (repeats and unknown keys ignored)', () => {
    const key = fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'zz', 'constructor')
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.array(key, { maxLength: 12 }), (count, order) => {
        const question = rearrange(3, count)
        const answer = { type: QuestionType.rearrange, order } as const
        const runLength = scoreAnswer(question, answer).parts!.filter((part) => part.correct).length
        expect(scorerOf(question).earned(answer)).toBe(Math.max(0, runLength - 1))
      }),
      { seed: 20261123, numRuns: 300 },
    )
  })
})
