import type { Message } from '../../../contracts/errors.ts'
import correctionRuleMessages from './correction-messages.json' with { type: 'json' }

/**
 * Correction and results' own response codes (Fasl's range, 240–249 kept for them; HTTP 400,
 * nothing changed). Their texts are below: the part of the catalogue their groups carry.
 */
export const correctionCodes = {
  /** The exam has not closed yet (its end and the school's grace period for late answers): no paper is given out. */
  examNotClosed: 240,
  /** The exam is no longer under correction (done or published): marks no longer change. */
  correctionClosed: 241,
  /** Finishing a paper while a question graded by hand has no mark. */
  paperIncomplete: 242,
  /** Publishing results of an exam that is not done (every paper graded, every difference settled). */
  resultsNotReady: 243,
  /** Settling a question whose markers' scores are not flagged as differing. */
  differenceNotFlagged: 244,
} as const

export const correctionCatalogue: Readonly<Record<number, Message>> = {
  [correctionCodes.examNotClosed]: {
    en: 'This exam has not closed yet: its papers are given out to the correctors once it ends.',
    ar: 'لم يُغلق هذا الامتحان بعد: توزَّع أوراقه على المصححين بعد انتهائه.',
  },
  [correctionCodes.correctionClosed]: {
    en: 'The correction of this exam is finished: marks can no longer change.',
    ar: 'انتهى تصحيح هذا الامتحان: لم يعد من الممكن تغيير الدرجات.',
  },
  [correctionCodes.paperIncomplete]: {
    en: 'Give a mark to every question graded by hand before finishing this paper.',
    ar: 'ضع درجة لكل سؤال يصحَّح يدويًا قبل إنهاء هذه الورقة.',
  },
  [correctionCodes.resultsNotReady]: {
    en: 'The results can be published once every paper is graded and every difference settled.',
    ar: 'يمكن نشر النتائج بعد تصحيح كل الأوراق وحسم كل الفروق.',
  },
  [correctionCodes.differenceNotFlagged]: {
    en: "This question's marks do not differ by more than the exam's threshold: there is nothing to settle.",
    ar: 'لا تختلف درجات هذا السؤال بأكثر من الحد المسموح في الامتحان: لا يوجد ما يُحسم.',
  },
}

/** The texts of correction's own rules, in both languages: carried by its API groups. */
export { correctionRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of correction stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof correctionRuleMessages, true> {}
}
