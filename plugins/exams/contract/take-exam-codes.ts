import type { Message } from '../../../contracts/errors.ts'

/**
 * The take-exam flow's own response codes (Fasl's range, 190–199 kept for it; HTTP 400, nothing
 * changed). Their texts are below: the part of the catalogue its group carries (take-exam-api.ts).
 */
export const takeExamCodes = {
  /** The link is unknown, not hers, bound to another device, or already used up (finished): one answer for all, so it tells nothing. */
  linkNotValid: 190,
  /** The exam's window has not opened yet. */
  notOpenYet: 191,
  /** The exam's window closed before she started it. */
  windowClosed: 192,
  /** Answers given after her deadline, or arriving after the school's grace period for answers given offline. */
  answersTooLate: 193,
  /** She finished the exam: nothing more is accepted. */
  alreadyFinished: 194,
  /** A file refused before a byte is stored: 20 of her uploads for this question wait for a saved answer to name them. */
  answerFilesPending: 195,
} as const

export const takeExamCatalogue: Readonly<Record<number, Message>> = {
  [takeExamCodes.linkNotValid]: {
    en: 'This exam URL is not valid anymore, it is for one use only.',
    ar: 'رابط هذا الامتحان لم يعد صالحًا، فهو للاستخدام مرة واحدة فقط.',
  },
  [takeExamCodes.notOpenYet]: {
    en: 'This exam has not started yet. Open it again at its start time.',
    ar: 'لم يبدأ هذا الامتحان بعد. افتحه مرة أخرى في موعد بدئه.',
  },
  [takeExamCodes.windowClosed]: { en: 'This exam has ended: it can no longer be started.', ar: 'انتهى هذا الامتحان: لم يعد من الممكن بدؤه.' },
  [takeExamCodes.answersTooLate]: {
    en: 'Your time was up: answers given after your deadline, or sent too long after it, are not accepted.',
    ar: 'انتهى وقتك: لا تُقبل الإجابات المقدَّمة بعد موعدك النهائي أو المرسلة بعده بوقت طويل.',
  },
  [takeExamCodes.alreadyFinished]: { en: 'You have finished this exam: no more answers are accepted.', ar: 'لقد أنهيت هذا الامتحان: لا تُقبل إجابات أخرى.' },
  [takeExamCodes.answerFilesPending]: {
    en: 'You already have 20 files for this question that your saved answer does not include. Wait until your answer is saved before uploading more.',
    ar: 'لديك بالفعل ٢٠ ملفًا لهذا السؤال لا تتضمنها إجابتك المحفوظة. انتظر حتى تُحفظ إجابتك قبل رفع المزيد.',
  },
}
