import { gapsOf } from './complete.ts'
import type { Answer, Question } from './question.ts'
import { ownEntry } from './scoring.ts'
import { manuallyGradedTypes, QuestionType } from './type-codes.ts'

/**
 * A class's work as the scoring worker takes it: one block of bytes, written once (by the server for
 * HomeWork/GetHomeworkClassAnswers) and read in the worker as typed arrays, so neither side builds
 * or copies an object per answer. Layout:
 *  - five 32-bit words: format, students, questions, the slots per student (16-bit each), the header's length in bytes;
 *  - the header, UTF-8 JSON: `questions` (as the teacher built them, right answers included),
 *    `widths` (each question's slots) and `texts` (per question, per gap, the distinct texts
 *    written in it);
 *  - padding to a multiple of four bytes, then each student's id as a 32-bit integer (numbers, not
 *    JSON: a class of thousands is read without parsing thousands of values);
 *  - then the slots a column at a time: each question's slots in turn,
 *    each slot one 16-bit value per student, written as the question reads its answer (`writerOf`,
 *    below). Column by column because the worker scores a question down the whole class: each of its
 *    loops then reads memory in order, as fast as the machine reads it.
 * An answer is written as the scoring module reads it, nothing judged: which option, key or text
 * was given, never whether it is right. The worker scores the slots (workers/class-slots-scoring.ts).
 */
export const batchFormat = 4

/** One student's answers, keyed by question id. */
export interface StudentSubmission {
  /** The student's id: a 32-bit integer, as the server numbers students. */
  readonly studentId: number
  readonly answers: Readonly<Record<string, Answer | undefined>>
}

export interface ClassBatch {
  readonly questions: ReadonlyArray<Question>
  readonly studentIds: Int32Array
  /** Per question, per gap (empty for other types): the texts a slot's number names, from 1. */
  readonly texts: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>
  /** Per question: its first slot's number, and how many it has. */
  readonly offsets: Int32Array
  readonly widths: Int32Array
  /** Slots per student. */
  readonly slotCount: number
  /** slotCount × students values, column by column: slot `s` of student `i` is at `s × students + i`. */
  readonly slots: Uint16Array
}

/** A slot for a key or text the question does not know (it earns nothing, as in the scoring module). */
export const unknownSlot = 0xffff
const header = 5

/** The first place of each key: a question's options, right sides or gaps are read by key. */
const firstPlaces = (keys: ReadonlyArray<string>): Map<string, number> => {
  const places = new Map<string, number>()
  keys.forEach((key, index) => {
    if (!places.has(key)) places.set(key, index)
  })
  return places
}

/**
 * How each question's answer is written into its slots (0 is always "no answer"):
 *  - single choice, 1 slot: the option's place + 1 (a key it does not have: none);
 *  - true/false, 1 slot: 1 false, 2 true;
 *  - multiple choice, 2 slots: the picked options' places as a 32-bit mask (low half first);
 *  - complete, a slot per gap: the text's number in that gap's `texts` (from 1);
 *  - connect, a slot per pair: the given right side's place + 1, or `unknownSlot`;
 *  - re-arrange, as many slots as the longest order given in the class: each item's place + 1 as
 *    the scoring module places it, or `unknownSlot`, then 0 after the order's end;
 *  - a question marked by hand: no slot.
 * An answer of another type is no answer, as the scoring module reads it.
 */
interface Writer {
  readonly width: number
  /** Writes one student's answer: its first slot at `at`, the next at `at + stride`, and so on. */
  readonly write: (answer: Answer | undefined, slots: Uint16Array, at: number, stride: number) => void
}

const writerOf = (question: Question, answersToIt: ReadonlyArray<Answer | undefined>, texts: string[][]): Writer => {
  if (manuallyGradedTypes.has(question.type)) return { width: 0, write: () => undefined }
  const mine = <T extends Answer['type']>(answer: Answer | undefined, type: T) => (answer?.type === type ? (answer as Extract<Answer, { type: T }>) : undefined)
  switch (question.type) {
    case QuestionType.singleChoice: {
      const places = firstPlaces(question.options.map((option) => option.id))
      return {
        width: 1,
        write: (answer, slots, at) => {
          const selected = mine(answer, QuestionType.singleChoice)?.selected
          slots[at] = typeof selected === 'string' && places.has(selected) ? places.get(selected)! + 1 : 0
        },
      }
    }
    case QuestionType.trueFalse:
      return {
        width: 1,
        write: (answer, slots, at) => {
          const value = mine(answer, QuestionType.trueFalse)?.value
          slots[at] = value === true ? 2 : value === false ? 1 : 0
        },
      }
    case QuestionType.multipleChoice: {
      const places = firstPlaces(question.options.map((option) => option.id))
      return {
        width: 2,
        write: (answer, slots, at, stride) => {
          let mask = 0
          for (const key of mine(answer, QuestionType.multipleChoice)?.selected ?? []) {
            const place = places.get(key)
            if (place !== undefined) mask |= 1 << place
          }
          slots[at] = mask & 0xffff
          slots[at + stride] = mask >>> 16
        },
      }
    }
    case QuestionType.complete: {
      const gaps = gapsOf(question).map((gap, index) => {
        const numbers = new Map<string, number>()
        texts[index] = []
        return { id: gap.id, numbers, texts: texts[index] }
      })
      return {
        width: gaps.length,
        write: (answer, slots, at, stride) => {
          const given = mine(answer, QuestionType.complete)?.gaps
          gaps.forEach((gap, index) => {
            const text = given === undefined ? undefined : ownEntry(given, gap.id)
            if (text === undefined) return void (slots[at + index * stride] = 0)
            let number = gap.numbers.get(text)
            if (number === undefined) {
              // A slot numbers at most 65,534 texts (65,535 is the unknown slot): far more than a class writes.
              if (gap.texts.length === unknownSlot - 1) refuse('a gap holds at most 65,534 different texts')
              gap.texts.push(text)
              gap.numbers.set(text, (number = gap.texts.length))
            }
            slots[at + index * stride] = number
          })
        },
      }
    }
    case QuestionType.connect: {
      const places = firstPlaces(question.pairs.map((pair) => pair.right.id))
      const lefts = question.pairs.map((pair) => pair.left.id)
      return {
        width: lefts.length,
        write: (answer, slots, at, stride) => {
          const matches = mine(answer, QuestionType.connect)?.matches
          lefts.forEach((left, index) => {
            const given = matches === undefined ? undefined : ownEntry(matches, left)
            slots[at + index * stride] = given === undefined ? 0 : places.has(given) ? places.get(given)! + 1 : unknownSlot
          })
        },
      }
    }
    case QuestionType.rearrange: {
      // As the scoring module places items: by a Map of every item, so a repeated key takes its last place.
      const places = new Map(question.items.map((item, index) => [item.id, index]))
      const width = Math.max(0, ...answersToIt.map((answer) => mine(answer, QuestionType.rearrange)?.order.length ?? 0))
      return {
        width,
        write: (answer, slots, at, stride) => {
          const order = mine(answer, QuestionType.rearrange)?.order ?? []
          for (let index = 0; index < width; index++) slots[at + index * stride] = index >= order.length ? 0 : places.has(order[index]!) ? places.get(order[index]!)! + 1 : unknownSlot
        },
      }
    }
    default:
      return { width: 0, write: () => undefined }
  }
}

export const encodeClassBatch = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): Uint8Array => {
  const texts: string[][][] = questions.map(() => [])
  const answersOf = (question: Question) => submissions.map((submission) => ownEntry(submission.answers, question.id))
  const writers = questions.map((question, index) => writerOf(question, answersOf(question), texts[index]!))
  const offsets = new Int32Array(questions.length)
  let slotCount = 0
  writers.forEach((writer, index) => {
    offsets[index] = slotCount
    slotCount += writer.width
  })
  const students = submissions.length
  const slots = new Uint16Array(students * slotCount)
  submissions.forEach((submission, student) => {
    writers.forEach((writer, index) => writer.write(ownEntry(submission.answers, questions[index]!.id), slots, offsets[index]! * students + student, students))
  })
  const widths = writers.map((writer) => writer.width)
  const ids = Int32Array.from(submissions, (submission) => (Number.isInteger(submission.studentId) && (submission.studentId | 0) === submission.studentId ? submission.studentId : refuse('a student id is a 32-bit integer')))
  const head = new TextEncoder().encode(JSON.stringify({ questions, texts, widths }))
  const idsAt = idsOffset(head.length)
  const slotsAt = idsAt + ids.byteLength
  const bytes = new Uint8Array(slotsAt + slots.byteLength)
  const words = new DataView(bytes.buffer)
  ;[batchFormat, students, questions.length, slotCount, head.length].forEach((word, index) => words.setInt32(index * 4, word, true))
  bytes.set(head, header * 4)
  bytes.set(new Uint8Array(ids.buffer), idsAt)
  bytes.set(new Uint8Array(slots.buffer), slotsAt)
  return bytes
}

/** Where the ids start: after the header, at a multiple of four bytes. */
const idsOffset = (headLength: number): number => Math.ceil((header * 4 + headLength) / 4) * 4

const refuse = (why: string): never => {
  throw new Error(`class batch: ${why}`)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isTextLists = (value: unknown): value is string[][] => Array.isArray(value) && value.every((gap) => Array.isArray(gap) && gap.every((text) => typeof text === 'string'))

/** The slots a question of fixed shape takes (re-arrange: null, the class's longest order decides). */
const fixedWidth = (question: Question): number | null => {
  if (manuallyGradedTypes.has(question.type)) return 0
  switch (question.type) {
    case QuestionType.singleChoice:
    case QuestionType.trueFalse:
      return 1
    case QuestionType.multipleChoice:
      return 2
    case QuestionType.complete:
      return gapsOf(question).length
    case QuestionType.connect:
      return question.pairs.length
    case QuestionType.rearrange:
      return null
    default:
      return 0
  }
}

/**
 * Reads a batch: its shape is checked (the format, the header, each question's slots as its type
 * gives them, the slots' size); a slot naming more than its question has is read as an unknown key
 * by the scoring. The questions themselves come from the server's own decoded reads.
 */
export const decodeClassBatch = (bytes: Uint8Array): ClassBatch => {
  if (bytes.byteLength < header * 4) return refuse('too short')
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const [format, students, questionCount, slotCount, headLength] = Array.from({ length: header }, (_, index) => words.getInt32(index * 4, true)) as [number, number, number, number, number]
  if (format !== batchFormat) return refuse(`not format ${batchFormat}`)
  if (students < 0 || questionCount < 0 || slotCount < 0 || headLength < 0 || header * 4 + headLength > bytes.byteLength) return refuse('the sizes do not fit')
  const head: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(header * 4, header * 4 + headLength)))
  if (!isRecord(head) || !Array.isArray(head.questions) || !head.questions.every(isRecord) || !Array.isArray(head.texts) || !Array.isArray(head.widths)) {
    return refuse('the header needs questions, texts and widths')
  }
  const questions = head.questions as unknown as ReadonlyArray<Question>
  if (questions.length !== questionCount || head.texts.length !== questionCount || head.widths.length !== questionCount || !head.texts.every(isTextLists)) {
    return refuse('the header does not match the sizes')
  }
  const texts = head.texts as ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>
  const declaredWidths = head.widths as unknown[]
  const offsets = new Int32Array(questionCount)
  const widths = new Int32Array(questionCount)
  let at = 0
  questions.forEach((question, index) => {
    const width = declaredWidths[index]
    const fixed = fixedWidth(question)
    if (typeof width !== 'number' || !Number.isInteger(width) || width < 0 || (fixed !== null && width !== fixed)) refuse('a question’s slots do not fit its type')
    if (texts[index]!.length !== (question.type === QuestionType.complete ? width : 0)) refuse('a complete question needs texts per gap')
    offsets[index] = at
    widths[index] = width as number
    at += width as number
  })
  if (at !== slotCount) return refuse('the questions’ slots do not add up to the slot count')
  const idsAt = idsOffset(headLength)
  const slotsAt = idsAt + students * 4
  if (bytes.byteLength - slotsAt !== students * slotCount * 2) return refuse('the ids and slots do not match the sizes')
  // Views on the bytes as they came (the writer aligns them); copied only when the bytes themselves sit unaligned.
  const aligned = bytes.byteOffset % 4 === 0
  const studentIds = aligned ? new Int32Array(bytes.buffer, bytes.byteOffset + idsAt, students) : new Int32Array(bytes.slice(idsAt, slotsAt).buffer)
  const slots = aligned ? new Uint16Array(bytes.buffer, bytes.byteOffset + slotsAt, students * slotCount) : new Uint16Array(bytes.slice(slotsAt).buffer)
  return { questions, studentIds, texts, offsets, widths, slotCount, slots }
}
