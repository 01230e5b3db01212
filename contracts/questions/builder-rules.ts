import { checkNoControlCharacters, type Issue } from '../validation.ts'
import type { ChoiceOption } from './choice.ts'
import type { ConnectPair } from './connect.ts'
import { degreeRule, isValidDegree, questionLimits } from './limits.ts'
import { normaliseGapText } from './normalise.ts'
import type { Item } from './parts.ts'
import type { Question, QuestionOf } from './question.ts'
import { QuestionType } from './type-codes.ts'

/**
 * The question builder's rules (spec: quiz validation), as pure checks the editor runs on every
 * change and the server runs before it stores a question (105 with the same fields). Each issue
 * names its field by path (`options.2.text`, `pairs.0.right`), prefixed for a list of questions.
 */

/** A question while it is being built: the degree may still be empty, true/false not yet chosen. */
export type QuestionDraft = {
  [T in Question['type']]: Omit<QuestionOf<T>, 'degree' | (T extends 3 ? 'correct' : never)> & {
    readonly degree: number | null
  } & (T extends 3 ? { readonly correct: boolean | null } : unknown)
}[Question['type']]

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })
const isBlank = (value: string) => value.trim() === ''
const join = (prefix: string, field: string) => (prefix === '' ? field : `${prefix}.${field}`)

/** Filled (not only spaces), no control characters, not too long. */
const checkText = (field: string, value: string, max: number, multiLine = false): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  const controls = checkNoControlCharacters(field, value, multiLine)
  if (controls.length > 0) return controls
  return value.length > max ? [issue(field, 'lengthAtMost', { max })] : []
}

const checkDegree = (field: string, degree: number | null): Issue[] =>
  degree === null ? [issue(field, 'required')] : isValidDegree(degree) ? [] : [issue(field, 'degreeRule', degreeRule)]

const checkCount = (field: string, count: number, tooFewKey: Issue['key'], min: number = questionLimits.minItems): Issue[] =>
  count < min ? [issue(field, tooFewKey, { min })] : count > questionLimits.maxItems ? [issue(field, 'itemsAtMost', { max: questionLimits.maxItems })] : []

/** Two entries that read the same (ignoring case and spaces) cannot be told apart by a student. */
const sameReading = (text: string) =>
  normaliseGapText(text, { spaces: true, letterCase: true, tashkeel: false, alef: false, finalYaa: false, taaMarbuta: false, digits: false })
const checkDistinct = (entries: ReadonlyArray<{ readonly field: string; readonly text: string }>): Issue[] => {
  const seen = new Set<string>()
  const issues: Issue[] = []
  for (const { field, text } of entries) {
    const reading = sameReading(text)
    if (reading === '') continue
    if (seen.has(reading)) issues.push(issue(field, 'duplicateItem'))
    seen.add(reading)
  }
  return issues
}

/** Keys are the builder's own; a repeated one would make two entries one. */
const checkKeys = (entries: ReadonlyArray<{ readonly field: string; readonly id: string }>): Issue[] => {
  const seen = new Set<string>()
  return entries.flatMap(({ field, id }) => {
    const repeated = seen.has(id)
    seen.add(id)
    return repeated ? [issue(field, 'malformed')] : []
  })
}

const checkItems = (prefix: string, items: ReadonlyArray<Item>): Issue[] => [
  ...items.flatMap((item, index) => checkText(join(prefix, `${index}.text`), item.text, questionLimits.itemMaxLength)),
  ...checkDistinct(items.map((item, index) => ({ field: join(prefix, `${index}.text`), text: item.text }))),
  ...checkKeys(items.map((item, index) => ({ field: join(prefix, `${index}.id`), id: item.id }))),
]

const checkChoice = (prefix: string, options: ReadonlyArray<ChoiceOption>, exactlyOne: boolean): Issue[] => {
  const field = join(prefix, 'options')
  const correct = options.filter((option) => option.correct).length
  return [
    ...checkCount(field, options.length, 'optionsAtLeast'),
    ...checkItems(field, options),
    ...(exactlyOne ? (correct === 1 ? [] : [issue(field, 'choiceNeedsOneCorrect')]) : correct >= 1 ? [] : [issue(field, 'choiceNeedsCorrect')]),
  ]
}

/**
 * Re-arrange and connect need three items or pairs; one stored before that rule (`kept`: the
 * questions as stored, when a homework is edited) still passes with two while its items are unchanged.
 */
const sameItems = (a: ReadonlyArray<Item>, b: ReadonlyArray<Item>) =>
  a.length === b.length && a.every((item, index) => item.id === b[index]!.id && item.text === b[index]!.text)
const arrangedMinimum = (question: QuestionDraft, kept: ReadonlyArray<Question>): number => {
  const stored = kept.find((candidate) => candidate.id === question.id && candidate.type === question.type)
  const unchanged =
    stored === undefined
      ? false
      : stored.type === QuestionType.rearrange && question.type === QuestionType.rearrange
        ? sameItems(stored.items, question.items)
        : stored.type === QuestionType.connect && question.type === QuestionType.connect
          ? sameItems(
              stored.pairs.map((pair) => pair.left),
              question.pairs.map((pair) => pair.left),
            ) &&
            sameItems(
              stored.pairs.map((pair) => pair.right),
              question.pairs.map((pair) => pair.right),
            )
          : false
  return unchanged ? questionLimits.minItems : questionLimits.minArrangedItems
}

/** Every pair has both sides: one side alone is an unmatched item; a wholly empty row is just required. */
const checkPairs = (prefix: string, pairs: ReadonlyArray<ConnectPair>, min: number): Issue[] => {
  const field = join(prefix, 'pairs')
  const sides = (side: 'left' | 'right') => pairs.map((pair, index) => ({ field: `${field}.${index}.${side}.text`, text: pair[side].text, id: pair[side].id }))
  const matched = pairs.flatMap((pair, index) => {
    const [leftBlank, rightBlank] = [isBlank(pair.left.text), isBlank(pair.right.text)]
    if (leftBlank !== rightBlank) return [issue(`${field}.${index}.${leftBlank ? 'left' : 'right'}.text`, 'connectUnmatched')]
    return [
      ...checkText(`${field}.${index}.left.text`, pair.left.text, questionLimits.itemMaxLength),
      ...checkText(`${field}.${index}.right.text`, pair.right.text, questionLimits.itemMaxLength),
    ]
  })
  const keys = [...sides('left'), ...sides('right')].map(({ field: textField, id }) => ({ field: textField.replace(/text$/u, 'id'), id }))
  return [
    ...checkCount(field, pairs.length, 'connectPairsAtLeast', min),
    ...matched,
    ...checkDistinct(sides('left')),
    ...checkDistinct(sides('right')),
    ...checkKeys(keys),
  ]
}

const checkComplete = (prefix: string, question: Extract<QuestionDraft, { readonly type: 7 }>): Issue[] => {
  const field = join(prefix, 'body')
  const gaps = question.body.filter((segment) => segment.kind === 'gap').length
  const segments = question.body.flatMap((segment, index): Issue[] => {
    if (segment.kind === 'text') {
      const controls = checkNoControlCharacters(`${field}.${index}.text`, segment.text, true)
      return controls.length > 0 || segment.text.length <= questionLimits.segmentMaxLength
        ? controls
        : [issue(`${field}.${index}.text`, 'lengthAtMost', { max: questionLimits.segmentMaxLength })]
    }
    const answers = `${field}.${index}.answers`
    if (segment.answers.length === 0) return [issue(answers, 'required')]
    return segment.answers.flatMap((answer, alternative) => {
      const problems = checkText(`${answers}.${alternative}`, answer, questionLimits.itemMaxLength)
      // An answer of only marks would match nothing once the switches strip them.
      return problems.length > 0 || normaliseGapText(answer, question.matching) !== '' ? problems : [issue(`${answers}.${alternative}`, 'required')]
    })
  })
  const keys = question.body.flatMap((segment, index) => (segment.kind === 'gap' ? [{ field: `${field}.${index}.id`, id: segment.id }] : []))
  return [
    ...(gaps === 0 ? [issue(field, 'completeNeedsGap')] : gaps > questionLimits.maxGaps ? [issue(field, 'itemsAtMost', { max: questionLimits.maxGaps })] : []),
    ...segments,
    ...checkKeys(keys),
  ]
}

const checkType = (prefix: string, question: QuestionDraft, kept: ReadonlyArray<Question>): Issue[] => {
  switch (question.type) {
    case QuestionType.multipleChoice:
      return checkChoice(prefix, question.options, false)
    case QuestionType.singleChoice:
      return checkChoice(prefix, question.options, true)
    case QuestionType.trueFalse:
      return question.correct === null ? [issue(join(prefix, 'correct'), 'choiceNeedsOneCorrect')] : []
    case QuestionType.rearrange:
      return [
        ...checkCount(join(prefix, 'items'), question.items.length, 'rearrangeItemsAtLeast', arrangedMinimum(question, kept)),
        ...checkItems(join(prefix, 'items'), question.items),
      ]
    case QuestionType.connect:
      return checkPairs(prefix, question.pairs, arrangedMinimum(question, kept))
    case QuestionType.complete:
      return checkComplete(prefix, question)
    case QuestionType.paragraph:
    case QuestionType.smallParagraph:
    case QuestionType.fileUpload:
    case QuestionType.audioRecording:
      return []
  }
}

/** Every builder rule for one question: header, degree, then its type's own (`kept`: the questions as stored, when editing). */
export const checkQuestion = (question: QuestionDraft, prefix = '', kept: ReadonlyArray<Question> = []): Issue[] => [
  ...checkText(join(prefix, 'header'), question.header, questionLimits.headerMaxLength, true),
  ...checkDegree(join(prefix, 'degree'), question.degree),
  ...checkType(prefix, question, kept),
]

/** A homework's or exam's questions, fields named `questions.<index>.…`; question keys distinct. */
export const checkQuestions = (questions: ReadonlyArray<QuestionDraft>, prefix = 'questions', kept: ReadonlyArray<Question> = []): Issue[] => [
  ...questions.flatMap((question, index) => checkQuestion(question, `${prefix}.${index}`, kept)),
  ...checkKeys(questions.map((question, index) => ({ field: `${prefix}.${index}.id`, id: question.id }))),
]
