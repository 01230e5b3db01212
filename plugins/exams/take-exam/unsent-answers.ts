import { Option, Schema } from 'effect'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { Submission } from '../../../contracts/questions/question.ts'

/**
 * Her answers not yet handed to the outbox when the page goes away. The page saves 700 ms after her
 * last change, and on `pagehide` it hands what is pending to the event store; but the store writes
 * to IndexedDB, whose transactions the browser aborts when the page unloads, so an answer given just
 * before a reload could be lost. sessionStorage is written at once: the pending answers are kept
 * there too, under her link (in this tab only; only she holds the link), and the next start of that
 * link takes them, newest of all, and saves them again. Kept from a `pagehide` while she answers to
 * the next start (or the page coming back from the back-forward cache), and dropped by "Switch student".
 */
export const UnsentAnswers = Schema.Struct({ answers: Submission, markedForReview: Schema.Array(ItemKey) })
export type UnsentAnswers = typeof UnsentAnswers.Type

const prefix = 'fasl-exam-unsent:'
const decode = Schema.decodeUnknownOption(Schema.fromJsonString(UnsentAnswers))

/** Keeps `unsent` for link `token`, or forgets what was kept for it (`null`). */
export const keepUnsent = (token: string, unsent: UnsentAnswers | null) => {
  try {
    if (unsent === null) sessionStorage.removeItem(prefix + token)
    else sessionStorage.setItem(prefix + token, JSON.stringify(unsent))
  } catch {
    // Storage full or turned off: the event store's write is all there is, as before.
  }
}

/** What was kept for link `token`, once: it is forgotten as it is read. */
export const takeUnsent = (token: string): UnsentAnswers | null => {
  try {
    const kept = sessionStorage.getItem(prefix + token)
    sessionStorage.removeItem(prefix + token)
    return kept === null ? null : Option.getOrNull(decode(kept))
  } catch {
    return null
  }
}

/** Forgets what was kept for every link in this tab (another student is about to sign in). */
export const forgetAllUnsent = () => {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index))
    for (const key of keys) if (key?.startsWith(prefix) === true) sessionStorage.removeItem(key)
  } catch {
    // Nothing kept where storage is off.
  }
}
