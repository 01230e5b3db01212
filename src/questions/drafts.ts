import { checkQuestion, type QuestionDraft } from '../../contracts/questions/builder-rules.ts'
import { questionLimits } from '../../contracts/questions/limits.ts'
import { defaultGapMatching } from '../../contracts/questions/normalise.ts'
import type { Question } from '../../contracts/questions/question.ts'
import { QuestionType, type QuestionTypeCode } from '../../contracts/questions/type-codes.ts'
import { latinDigits } from '../../contracts/validation.ts'

/**
 * The question editor's model: a `QuestionDraft` of contracts/questions/builder-rules.ts, made and
 * changed here; the rules themselves stay in contracts (checkQuestion / checkQuestions).
 */
export type { QuestionDraft }

/** A builder key (an ItemKey: letters, digits, dashes). */
export const newKey = (): string => crypto.randomUUID()

const item = () => ({ id: newKey(), text: '' })
const option = () => ({ id: newKey(), text: '', correct: false })

/** A new question's degree before the teacher sets one. */
export const defaultDegree = 1

/** An empty question of a type: as many options, items or pairs to fill as it needs; a gap after a text for "complete". */
export const newDraft = (type: QuestionTypeCode, base: { id?: string; header?: string; degree?: number | null } = {}): QuestionDraft => {
  const common = { id: base.id ?? newKey(), header: base.header ?? '', degree: base.degree === undefined ? defaultDegree : base.degree }
  switch (type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice:
      return { type, ...common, options: [option(), option()] }
    case QuestionType.trueFalse:
      return { type, ...common, correct: null }
    case QuestionType.paragraph:
    case QuestionType.smallParagraph:
    case QuestionType.fileUpload:
    case QuestionType.audioRecording:
      return { type, ...common }
    case QuestionType.rearrange:
      return { type, ...common, items: Array.from({ length: questionLimits.minArrangedItems }, item) }
    case QuestionType.complete:
      return {
        type,
        ...common,
        body: [
          { kind: 'text', text: '' },
          { kind: 'gap', id: newKey(), answers: [''] },
        ],
        matching: defaultGapMatching,
      }
    case QuestionType.connect:
      return { type, ...common, pairs: Array.from({ length: questionLimits.minArrangedItems }, () => ({ left: item(), right: item() })) }
  }
}

/** Another type for the same question: the header, degree and key stay; the type's own parts start afresh. */
export const retype = (draft: QuestionDraft, type: QuestionTypeCode): QuestionDraft =>
  draft.type === type ? draft : newDraft(type, { id: draft.id, header: draft.header, degree: draft.degree })

/** A copy with new keys everywhere (a cloned homework's questions must not share keys with the original). */
export const withNewKeys = (draft: QuestionDraft): QuestionDraft => {
  const rekey = <T extends { readonly id: string }>(entry: T): T => ({ ...entry, id: newKey() })
  switch (draft.type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice:
      return { ...draft, id: newKey(), options: draft.options.map(rekey) }
    case QuestionType.rearrange:
      return { ...draft, id: newKey(), items: draft.items.map(rekey) }
    case QuestionType.connect:
      return { ...draft, id: newKey(), pairs: draft.pairs.map((pair) => ({ left: rekey(pair.left), right: rekey(pair.right) })) }
    case QuestionType.complete:
      return { ...draft, id: newKey(), body: draft.body.map((segment) => (segment.kind === 'gap' ? rekey(segment) : segment)) }
    default:
      return { ...draft, id: newKey() }
  }
}

/**
 * A degree as typed: Latin or Arabic-Indic digits, a dot, comma or Arabic decimal separator.
 * Empty is null ("required"); anything else that is no number is NaN, which the degree rule refuses.
 */
export const parseDegree = (text: string): number | null => {
  const cleaned = latinDigits(text)
    .trim()
    .replace(/[,\u066B]/gu, '.')
  if (cleaned === '') return null
  return /^\d+(\.\d+)?$/u.test(cleaned) ? Number(cleaned) : Number.NaN
}

/** The sum of the degrees, in whole halves so 0.5 + 0.5 + … never drifts; unset or invalid degrees count 0. */
export const totalDegree = (drafts: ReadonlyArray<{ readonly degree: number | null }>): number =>
  drafts.reduce((sum, draft) => sum + (draft.degree !== null && Number.isFinite(draft.degree) ? Math.round(draft.degree * 2) : 0), 0) / 2

/** The question as the API takes it, once every builder rule passes; null while any fails. */
export const toQuestion = (draft: QuestionDraft): Question | null => (checkQuestion(draft).length === 0 ? (draft as Question) : null)

/** Moves the entry at `from` to `to` (both clamped), as a new array. */
export const moveEntry = <T>(list: ReadonlyArray<T>, from: number, to: number): T[] => {
  const result = [...list]
  if (from < 0 || from >= list.length) return result
  const target = Math.max(0, Math.min(list.length - 1, to))
  const [moved] = result.splice(from, 1)
  result.splice(target, 0, moved as T)
  return result
}

/** Every type, in the order the spec lists them (the type picker's order). */
export const questionTypeOrder: ReadonlyArray<QuestionTypeCode> = [
  QuestionType.multipleChoice,
  QuestionType.singleChoice,
  QuestionType.trueFalse,
  QuestionType.paragraph,
  QuestionType.smallParagraph,
  QuestionType.complete,
  QuestionType.rearrange,
  QuestionType.connect,
  QuestionType.fileUpload,
  QuestionType.audioRecording,
]
