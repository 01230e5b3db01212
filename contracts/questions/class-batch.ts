import { gapsOf } from './complete.ts'
import type { Answer, Question } from './question.ts'
import { ownEntry } from './scoring.ts'
import { manuallyGradedTypes, QuestionType } from './type-codes.ts'

/**
 * A class's work as the scoring worker takes it: one block of bytes, written once (by the server for
 * HomeWork/GetHomeworkClassAnswers) and read in the worker as typed arrays, so neither side builds
 * or copies an object per answer. Layout:
 *  - five 32-bit words: format, students, questions, the 16-bit values in the dictionary, the header's length in bytes;
 *  - the header, UTF-8 JSON: `questions` (as the teacher built them, right answers included),
 *    `widths` (the 16-bit values one answer to each question is written in), `distinct` (how many
 *    different answers the class gave to each) and `texts` (per question, per gap, the distinct
 *    texts written in it);
 *  - padding to a multiple of four bytes, then each student's id as a 32-bit integer (numbers, not
 *    JSON: a class of thousands is read without parsing thousands of values);
 *  - the dictionary: for each question in turn, each different answer the class gave it, written as
 *    its `widths[q]` values (`writerOf`, below);
 *  - then, for each question with a width, one 16-bit value per student: the number of her answer in
 *    the question's dictionary, from 1 (0: the answer written as all zeros, which is no answer).
 * A class gives the same few answers to a question again and again (the right one, a few slips), so
 * the worker judges each different answer once and then reads one number per student and question,
 * in order down the class: the work grows with the students only by that reading. An answer is
 * written as the scoring module reads it, nothing judged: which option, key or text was given,
 * never whether it is right. The worker scores it (workers/class-batch-scoring.ts).
 */
export const batchFormat = 5

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
  /** Per question: the values one answer is written in, and how many different answers the class gave (the all-zero one not counted). */
  readonly widths: Int32Array
  readonly distinct: Int32Array
  /** Per question: where its different answers start in `dictionary` (answer `n`, from 1, at `dictionaryAt[q] + (n − 1) × widths[q]`). */
  readonly dictionaryAt: Int32Array
  readonly dictionary: Uint16Array
  /** Per question: its column in `answers` (−1 for a question of width 0, which has none). */
  readonly columnOf: Int32Array
  /** A column per question with a width, one value per student: student `i` of column `c` at `c × students + i`. */
  readonly answers: Uint16Array
}

/** The most different answers a question's column can number (0 is the all-zero answer). */
export const mostDistinctAnswers = 0xffff
/** A value for a key or text the question does not know (it earns nothing, as in the scoring module). */
export const unknownValue = 0xffff
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
 * How an answer to each question is written as 16-bit values (0 is always "no answer"):
 *  - single choice, 1 value: the option's place + 1 (a key it does not have: none);
 *  - true/false, 1 value: 1 false, 2 true;
 *  - multiple choice, 2 values: the picked options' places as a 32-bit mask (low half first);
 *  - complete, a value per gap: the text's number in that gap's `texts` (from 1);
 *  - connect, a value per pair: the given right side's place + 1, or `unknownValue`;
 *  - re-arrange, as many values as the longest order given in the class: each item's place + 1 as
 *    the scoring module places it, or `unknownValue`, then 0 after the order's end;
 *  - a question marked by hand: none.
 * An answer of another type is no answer, as the scoring module reads it.
 */
interface Writer {
  readonly width: number
  /** Writes one student's answer into `values` (of the writer's width). */
  readonly write: (answer: Answer | undefined, values: Uint16Array) => void
}

const writerOf = (question: Question, answersToIt: ReadonlyArray<Answer | undefined>, texts: string[][]): Writer => {
  if (manuallyGradedTypes.has(question.type)) return { width: 0, write: () => undefined }
  const mine = <T extends Answer['type']>(answer: Answer | undefined, type: T) => (answer?.type === type ? (answer as Extract<Answer, { type: T }>) : undefined)
  switch (question.type) {
    case QuestionType.singleChoice: {
      const places = firstPlaces(question.options.map((option) => option.id))
      return {
        width: 1,
        write: (answer, values) => {
          const selected = mine(answer, QuestionType.singleChoice)?.selected
          values[0] = typeof selected === 'string' && places.has(selected) ? places.get(selected)! + 1 : 0
        },
      }
    }
    case QuestionType.trueFalse:
      return {
        width: 1,
        write: (answer, values) => {
          const value = mine(answer, QuestionType.trueFalse)?.value
          values[0] = value === true ? 2 : value === false ? 1 : 0
        },
      }
    case QuestionType.multipleChoice: {
      const places = firstPlaces(question.options.map((option) => option.id))
      return {
        width: 2,
        write: (answer, values) => {
          let mask = 0
          for (const key of mine(answer, QuestionType.multipleChoice)?.selected ?? []) {
            const place = places.get(key)
            if (place !== undefined) mask |= 1 << place
          }
          values[0] = mask & 0xffff
          values[1] = mask >>> 16
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
        write: (answer, values) => {
          const given = mine(answer, QuestionType.complete)?.gaps
          gaps.forEach((gap, index) => {
            const text = given === undefined ? undefined : ownEntry(given, gap.id)
            if (text === undefined) return void (values[index] = 0)
            let number = gap.numbers.get(text)
            if (number === undefined) {
              // A value numbers at most 65,534 texts (65,535 is the unknown one): far more than a class writes.
              if (gap.texts.length === unknownValue - 1) refuse('a gap holds at most 65,534 different texts')
              gap.texts.push(text)
              gap.numbers.set(text, (number = gap.texts.length))
            }
            values[index] = number
          })
        },
      }
    }
    case QuestionType.connect: {
      const places = firstPlaces(question.pairs.map((pair) => pair.right.id))
      const lefts = question.pairs.map((pair) => pair.left.id)
      return {
        width: lefts.length,
        write: (answer, values) => {
          const matches = mine(answer, QuestionType.connect)?.matches
          lefts.forEach((left, index) => {
            const given = matches === undefined ? undefined : ownEntry(matches, left)
            values[index] = given === undefined ? 0 : places.has(given) ? places.get(given)! + 1 : unknownValue
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
        write: (answer, values) => {
          const order = mine(answer, QuestionType.rearrange)?.order ?? []
          for (let index = 0; index < width; index++)
            values[index] = index >= order.length ? 0 : places.has(order[index]!) ? places.get(order[index]!)! + 1 : unknownValue
        },
      }
    }
    default:
      return { width: 0, write: () => undefined }
  }
}

const isBlank = (values: Uint16Array): boolean => {
  for (const value of values) if (value !== 0) return false
  return true
}

/**
 * Numbers one question's different answers in the order the class first gives them: `numberOf`
 * answers an answer's number (from 1; 0 for the blank one), and keeps the new ones in `values`.
 */
const dictionaryOf = (width: number) => {
  const numbers = new Map<string, number>()
  const values: number[] = []
  return {
    values,
    size: () => numbers.size,
    numberOf: (answer: Uint16Array): number => {
      if (isBlank(answer)) return 0
      // The values as one string's char codes: a Map key that compares the whole answer at once.
      const key = String.fromCharCode(...answer)
      let number = numbers.get(key)
      if (number === undefined) {
        if (numbers.size === mostDistinctAnswers) refuse(`a question takes at most ${mostDistinctAnswers.toLocaleString('en')} different answers`)
        numbers.set(key, (number = numbers.size + 1))
        for (let index = 0; index < width; index++) values.push(answer[index]!)
      }
      return number
    },
  }
}

export const encodeClassBatch = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): Uint8Array => {
  const students = submissions.length
  const texts: string[][][] = questions.map(() => [])
  const answersTo = questions.map((question) => submissions.map((submission) => ownEntry(submission.answers, question.id)))
  const writers = questions.map((question, q) => writerOf(question, answersTo[q]!, texts[q]!))
  const widths = writers.map((writer) => writer.width)
  const columns = columnsOf(widths)
  const answers = new Uint16Array(students * widths.filter((width) => width > 0).length)
  const dictionaries = writers.map((writer, q) => {
    const dictionary = dictionaryOf(writer.width)
    if (writer.width === 0) return dictionary
    const column = columns[q]! * students
    const values = new Uint16Array(writer.width)
    answersTo[q]!.forEach((answer, student) => {
      writer.write(answer, values)
      answers[column + student] = dictionary.numberOf(values)
    })
    return dictionary
  })
  const distinct = dictionaries.map((dictionary) => dictionary.size())
  const dictionary = Uint16Array.from(dictionaries.flatMap((each) => each.values))
  const ids = Int32Array.from(submissions, (submission) =>
    Number.isInteger(submission.studentId) && (submission.studentId | 0) === submission.studentId
      ? submission.studentId
      : refuse('a student id is a 32-bit integer'),
  )
  const head = new TextEncoder().encode(JSON.stringify({ questions, texts, widths, distinct }))
  const idsAt = idsOffset(head.length)
  const dictionaryAt = idsAt + ids.byteLength
  const answersAt = dictionaryAt + dictionary.byteLength
  const bytes = new Uint8Array(answersAt + answers.byteLength)
  const words = new DataView(bytes.buffer)
  ;[batchFormat, students, questions.length, dictionary.length, head.length].forEach((word, index) => words.setInt32(index * 4, word, true))
  bytes.set(head, header * 4)
  bytes.set(new Uint8Array(ids.buffer), idsAt)
  bytes.set(new Uint8Array(dictionary.buffer), dictionaryAt)
  bytes.set(new Uint8Array(answers.buffer), answersAt)
  return bytes
}

/** Each question's column among those with a width (−1 for one without). */
const columnsOf = (widths: ArrayLike<number>): Int32Array => {
  let next = 0
  return Int32Array.from({ length: widths.length }, (_, q) => (widths[q]! > 0 ? next++ : -1))
}

/** Where the ids start: after the header, at a multiple of four bytes. */
const idsOffset = (headLength: number): number => Math.ceil((header * 4 + headLength) / 4) * 4

const refuse = (why: string): never => {
  throw new Error(`class batch: ${why}`)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isTextLists = (value: unknown): value is string[][] =>
  Array.isArray(value) && value.every((gap) => Array.isArray(gap) && gap.every((text) => typeof text === 'string'))

/** The values an answer of fixed shape is written in (re-arrange: null, the class's longest order decides). */
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

const isCount = (value: unknown, most: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= most

/**
 * Reads a batch: its shape is checked (the format, the header, each question's width as its type
 * gives it and its count of different answers, the sizes of the parts); a value naming more than
 * its question has is read as an unknown key by the scoring, and a number past a question's
 * dictionary as no answer it knows (nothing earned). The questions themselves come from the
 * server's own decoded reads.
 */
export const decodeClassBatch = (bytes: Uint8Array): ClassBatch => {
  if (bytes.byteLength < header * 4) return refuse('too short')
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const [format, students, questionCount, dictionaryLength, headLength] = Array.from({ length: header }, (_, index) => words.getInt32(index * 4, true)) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (format !== batchFormat) return refuse(`not format ${batchFormat}`)
  if (students < 0 || questionCount < 0 || dictionaryLength < 0 || headLength < 0 || header * 4 + headLength > bytes.byteLength)
    return refuse('the sizes do not fit')
  const head: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(header * 4, header * 4 + headLength)))
  if (
    !isRecord(head) ||
    !Array.isArray(head.questions) ||
    !head.questions.every(isRecord) ||
    !Array.isArray(head.texts) ||
    !Array.isArray(head.widths) ||
    !Array.isArray(head.distinct)
  ) {
    return refuse('the header needs questions, texts, widths and distinct')
  }
  const questions = head.questions as unknown as ReadonlyArray<Question>
  const declared = [head.texts, head.widths, head.distinct]
  if (questions.length !== questionCount || declared.some((list) => list.length !== questionCount) || !head.texts.every(isTextLists)) {
    return refuse('the header does not match the sizes')
  }
  const texts = head.texts as ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>
  const [declaredWidths, declaredDistinct] = [head.widths as unknown[], head.distinct as unknown[]]
  const widths = new Int32Array(questionCount)
  const distinct = new Int32Array(questionCount)
  const dictionaryAt = new Int32Array(questionCount)
  let at = 0
  questions.forEach((question, q) => {
    const [width, different] = [declaredWidths[q], declaredDistinct[q]]
    const fixed = fixedWidth(question)
    if (!isCount(width, 0xffff) || (fixed !== null && width !== fixed)) refuse('a question’s width does not fit its type')
    if (!isCount(different, width === 0 ? 0 : mostDistinctAnswers)) refuse('a question’s different answers do not fit its width')
    if (texts[q]!.length !== (question.type === QuestionType.complete ? width : 0)) refuse('a complete question needs texts per gap')
    widths[q] = width as number
    distinct[q] = different as number
    dictionaryAt[q] = at
    at += (width as number) * (different as number)
  })
  if (at !== dictionaryLength) return refuse('the questions’ answers do not add up to the dictionary’s size')
  const columnOf = columnsOf(widths)
  const columns = widths.filter((width) => width > 0).length
  const idsAt = idsOffset(headLength)
  const dictionaryStart = idsAt + students * 4
  const answersStart = dictionaryStart + dictionaryLength * 2
  if (bytes.byteLength !== answersStart + students * columns * 2) return refuse('the ids and answers do not match the sizes')
  // Views on the bytes as they came (the writer aligns them); copied only when the bytes themselves sit unaligned.
  const aligned = bytes.byteOffset % 4 === 0
  const view = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, start: number, end: number, size: number): T =>
    aligned ? make(bytes.buffer, bytes.byteOffset + start, (end - start) / size) : make(bytes.slice(start, end).buffer, 0, (end - start) / size)
  const studentIds = view((buffer, offset, length) => new Int32Array(buffer, offset, length), idsAt, dictionaryStart, 4)
  const dictionary = view((buffer, offset, length) => new Uint16Array(buffer, offset, length), dictionaryStart, answersStart, 2)
  const answers = view((buffer, offset, length) => new Uint16Array(buffer, offset, length), answersStart, bytes.byteLength, 2)
  return { questions, studentIds, texts, widths, distinct, dictionaryAt, dictionary, columnOf, answers }
}
