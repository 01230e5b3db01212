import { defaultGapMatching } from '../../contracts/questions/normalise.ts'
import type { Answer, Question } from '../../contracts/questions/question.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import type { StudentSubmission } from '../../contracts/questions/class-batch.ts'

/**
 * A deterministic class batch for the scoring benchmarks: 50 questions of every type (auto-gradable
 * and manual, in the mix a teacher writes), and each student's answers, mostly right, often partly,
 * sometimes blank, with the Arabic and digit variants the gap rules forgive. Same seed, same batch.
 * Two spreads: `mixed`, where a class gives the same few answers again and again, and `realistic`,
 * where a third of the students write their own spelling in each gap, multiple-choice picks fall
 * on every subset of the options, and no two paragraphs are alike (far more different answers to
 * write, send and judge).
 */
export type Spread = 'mixed' | 'realistic'

const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** 50 questions: 12 single choice, 8 true/false, 8 multiple choice, 8 complete, 5 connect, 5 re-arrange, 4 marked by hand. */
const plan: ReadonlyArray<Question['type']> = [
  ...Array<Question['type']>(12).fill(QuestionType.singleChoice),
  ...Array<Question['type']>(8).fill(QuestionType.trueFalse),
  ...Array<Question['type']>(8).fill(QuestionType.multipleChoice),
  ...Array<Question['type']>(8).fill(QuestionType.complete),
  ...Array<Question['type']>(5).fill(QuestionType.connect),
  ...Array<Question['type']>(5).fill(QuestionType.rearrange),
  QuestionType.paragraph,
  QuestionType.smallParagraph,
  QuestionType.fileUpload,
  QuestionType.audioRecording,
]

/** Accepted gap answers and what students write for them (right ones in other spellings, and wrong ones). */
const gapWords: ReadonlyArray<{ readonly accepted: ReadonlyArray<string>; readonly given: ReadonlyArray<string> }> = [
  { accepted: ['Cairo'], given: ['cairo', ' Cairo ', 'CAIRO', 'Giza'] },
  { accepted: ['النيل'], given: ['النيلُ', 'النيل', 'نيل', 'الفرات'] },
  { accepted: ['12', 'twelve'], given: ['١٢', '12', 'Twelve', '13'] },
  { accepted: ['colour', 'color'], given: ['color', 'Colour', 'colr', ''] },
  { accepted: ['أحمد'], given: ['احمد', 'أحمد', 'محمد', 'أَحْمَد'] },
  { accepted: ['على'], given: ['علي', 'على', 'عَلَى', 'عن'] },
]

const questionAt = (index: number, type: Question['type'], next: () => number): Question => {
  const id = `q${index + 1}`
  const degree = 1 + Math.floor(next() * 8) / 2
  const header = `Question ${index + 1}`
  switch (type) {
    case QuestionType.singleChoice: {
      const right = Math.floor(next() * 4)
      return { type, id, header, degree, options: Array.from({ length: 4 }, (_, o) => ({ id: `o${o + 1}`, text: `Option ${o + 1}`, correct: o === right })) }
    }
    case QuestionType.trueFalse:
      return { type, id, header, degree, correct: next() < 0.5 }
    case QuestionType.multipleChoice:
      return {
        type,
        id,
        header,
        degree,
        options: Array.from({ length: 5 }, (_, o) => ({ id: `o${o + 1}`, text: `Option ${o + 1}`, correct: o === 0 || next() < 0.4 })),
      }
    case QuestionType.complete: {
      const count = 2 + Math.floor(next() * 3)
      const words = Array.from({ length: count }, () => gapWords[Math.floor(next() * gapWords.length)]!)
      return {
        type,
        id,
        header,
        degree,
        body: words.flatMap((word, g) => [
          { kind: 'text' as const, text: `Part ${g + 1}: ` },
          { kind: 'gap' as const, id: `g${g + 1}`, answers: [...word.accepted] },
        ]),
        matching: defaultGapMatching,
      }
    }
    case QuestionType.connect:
      return {
        type,
        id,
        header,
        degree,
        pairs: Array.from({ length: 4 }, (_, p) => ({ left: { id: `l${p + 1}`, text: `Left ${p + 1}` }, right: { id: `r${p + 1}`, text: `Right ${p + 1}` } })),
      }
    case QuestionType.rearrange:
      return { type, id, header, degree, items: Array.from({ length: 5 }, (_, i) => ({ id: `i${i + 1}`, text: `Step ${i + 1}` })) }
    default:
      return { type: type as 4 | 5 | 9 | 10, id, header, degree } as Question
  }
}

const shuffled = <T>(items: ReadonlyArray<T>, next: () => number): T[] => {
  const result = [...items]
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[result[i], result[j]] = [result[j]!, result[i]!]
  }
  return result
}

const latin = 'abcdefghijklmnopqrstuvwxyz'
const arabic = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'

/** A student's own spelling of `word`: one to three slips (a letter added, dropped, changed or two swapped). */
const ownSpelling = (word: string, next: () => number): string => {
  const letters = /[\u0600-\u06ff]/u.test(word) ? arabic : latin
  const chars = [...(word === '' ? 'x' : word)]
  for (let slip = 1 + Math.floor(next() * 3); slip > 0; slip--) {
    const at = Math.floor(next() * chars.length)
    const letter = letters[Math.floor(next() * letters.length)]!
    const kind = Math.floor(next() * 4)
    if (kind === 0) chars.splice(at, 0, letter)
    else if (kind === 1 && chars.length > 1) chars.splice(at, 1)
    else if (kind === 2) chars[at] = letter
    else if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!]
    else chars.push(letter)
  }
  return chars.join('')
}

const openings = ['Because', 'I think that', 'In my opinion', 'We learned that', 'The reason is that', 'First of all,']
const middles = [
  'the water evaporates and rises',
  'the sun heats the sea',
  'the air cools as it goes up',
  'clouds form from small drops',
  'the wind carries the clouds',
]
const endings = ['then it rains.', 'and so the cycle starts again.', 'which is why we have rain in winter.', 'as our teacher showed us.']

/** A paragraph no other student writes: its parts chosen at random, and her own number in it. */
const ownParagraph = (student: number, next: () => number) =>
  `${openings[Math.floor(next() * openings.length)]} ${middles[Math.floor(next() * middles.length)]}, ${endings[Math.floor(next() * endings.length)]} (${student + 1} drops in my glass)`

/** A student's answer: right about 60% of the time (40% in the realistic spread), else partly right, wrong or left alone. */
const answerTo = (question: Question, next: () => number, student: number, spread: Spread): Answer | undefined => {
  const roll = next()
  if (roll > 0.95) return undefined
  const right = roll < (spread === 'realistic' ? 0.4 : 0.6)
  switch (question.type) {
    case QuestionType.singleChoice:
      return { type: question.type, selected: right ? question.options.find((o) => o.correct)!.id : question.options[Math.floor(next() * 4)]!.id }
    case QuestionType.trueFalse:
      return { type: question.type, value: right ? question.correct : next() < 0.5 }
    case QuestionType.multipleChoice:
      return { type: question.type, selected: question.options.filter((o) => (right ? o.correct : next() < 0.5)).map((o) => o.id) }
    case QuestionType.complete: {
      const gaps: Record<string, string> = {}
      for (const segment of question.body) {
        if (segment.kind !== 'gap') continue
        const word = gapWords.find((candidate) => candidate.accepted[0] === segment.answers[0])!
        const given = word.given[right ? Math.floor(next() * 2) : Math.floor(next() * word.given.length)]!
        gaps[segment.id] = spread === 'realistic' && next() < 1 / 3 ? ownSpelling(given, next) : given
      }
      return { type: question.type, gaps }
    }
    case QuestionType.connect: {
      const rights = right
        ? question.pairs.map((pair) => pair.right.id)
        : shuffled(
            question.pairs.map((pair) => pair.right.id),
            next,
          )
      return { type: question.type, matches: Object.fromEntries(question.pairs.map((pair, p) => [pair.left.id, rights[p]!])) }
    }
    case QuestionType.rearrange: {
      const ids = question.items.map((item) => item.id)
      return { type: question.type, order: right ? ids : shuffled(ids, next) }
    }
    case QuestionType.paragraph:
    case QuestionType.smallParagraph:
      return {
        type: question.type,
        text: spread === 'realistic' ? ownParagraph(student, next) : 'Because the water evaporates and rises, then it cools into clouds.',
      }
    case QuestionType.fileUpload:
      return { type: question.type, fileIds: [1000 + Math.floor(next() * 1000)] }
    case QuestionType.audioRecording:
      return { type: question.type, recordingId: 2000 + Math.floor(next() * 1000) }
  }
}

export interface ScoringBatch {
  readonly questions: ReadonlyArray<Question>
  readonly submissions: ReadonlyArray<StudentSubmission>
}

export const scoringBatch = (students: number, seed = 20261123, spread: Spread = 'mixed'): ScoringBatch => {
  const next = random(seed)
  const questions = plan.map((type, index) => questionAt(index, type, next))
  const submissions = Array.from({ length: students }, (_, s) => {
    const answers: Record<string, Answer> = {}
    for (const question of questions) {
      const answer = answerTo(question, next, s, spread)
      if (answer !== undefined) answers[question.id] = answer
    }
    return { studentId: s + 1, answers }
  })
  return { questions, submissions }
}
