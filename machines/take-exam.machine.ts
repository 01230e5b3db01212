import { assign, setup } from 'xstate'

/**
 * The take-exam screen of one student (or of a proctor taking it for her), from the spec's take-exam
 * pages (supplementary document §2: start instructions, continue, finish; the one-use exam URL expired
 * page) and rules (§4: an exam is finished by pressing finish and its answers cannot then be revisited;
 * the link is single-use; questions can be marked for review).
 *
 * The spec names the pages and rules, not the moves between them; these are Fasl's:
 * - the link opens on the instructions; starting (or continuing an attempt already started) answers
 *   the server's deadline, which the server owns: the page counts down to `deadlineAt` on the server's
 *   clock (`serverOffsetMs` = server time − page time), and the server refuses answers after it;
 * - while answering she moves between questions (next, previous, or any by its number), gives answers
 *   and marks questions for review (or unmarks them); the context keeps where she is and which are
 *   marked or answered, so the page shows them and the finish dialog counts what is left;
 * - finish asks for a confirmation; cancelling goes back to answering where she was; confirming
 *   finishes (the screen is locked, answers cannot be revisited). Confirming needs the connection, since
 *   the server locks the answers: offline, the dialog stays open and says why;
 * - the server's deadline passing (`clock.deadlinePassed`, from the count-down or the server's answer)
 *   shows "time is up" from any screen before finished; the server closes the attempt itself, and its
 *   confirmation (`attempt.closed`) finishes the screen;
 * - a link used on another device, or after finishing, is answered "not valid anymore" (linkInvalid,
 *   final), on opening or on any later call;
 * - a lost connection is a flag (the page shows it, and keeps answering: answers wait in the outbox),
 *   never a screen of its own, so nothing she sees or typed is lost.
 *
 * The page runs it (plugins/exams), and tests/e2e/exams/take-exam-model.test.ts walks it in Chromium.
 */
export type TakeExamScreen = 'instructions' | 'answering' | 'confirmingFinish' | 'timeUp' | 'finished' | 'linkInvalid'

export type TakeExamEvent =
  /** Start or continue: the server's answer gives the deadline and the clocks' difference. */
  | { type: 'student.started'; deadlineAt: string; serverOffsetMs: number }
  | { type: 'answer.given'; questionKey: string }
  | { type: 'question.markedForReview'; questionKey: string }
  | { type: 'question.unmarked'; questionKey: string }
  | { type: 'navigate.next' }
  | { type: 'navigate.previous' }
  /** Zero-based, in the order the questions are shown to her. */
  | { type: 'navigate.goTo'; index: number }
  | { type: 'finish.requested' }
  | { type: 'finish.cancelled' }
  | { type: 'finish.confirmed' }
  | { type: 'clock.deadlinePassed' }
  /** The server confirms the attempt is closed (after the deadline). */
  | { type: 'attempt.closed' }
  /** The server says the single-use link is not valid anymore (used elsewhere, or already finished). */
  | { type: 'link.invalid' }
  | { type: 'connection.lost' }
  | { type: 'connection.restored' }

export interface TakeExamContext {
  /** Her questions' keys, in the order shown to her (random or the same order, as the exam says). */
  readonly questionKeys: ReadonlyArray<string>
  currentIndex: number
  markedForReview: ReadonlyArray<string>
  answered: ReadonlyArray<string>
  /** The server's deadline (ISO), her accommodation included; null before she starts. */
  deadlineAt: string | null
  /** Server time minus page time, in milliseconds, measured when the server answered. */
  serverOffsetMs: number
  online: boolean
}

export type TakeExamInput = Partial<TakeExamContext> & { readonly questionKeys: ReadonlyArray<string> }

const withKey = (keys: ReadonlyArray<string>, key: string) => (keys.includes(key) ? keys : [...keys, key])

/** From every screen before finished: the deadline is the server's, whatever the page shows. */
const deadlinePassed = { target: 'timeUp' } as const
const linkInvalid = { target: 'linkInvalid' } as const

export const takeExamMachine = setup({
  types: {
    context: {} as TakeExamContext,
    events: {} as TakeExamEvent,
    input: {} as TakeExamInput,
  },
  actions: {
    recordStart: assign(({ context, event }) =>
      event.type === 'student.started' ? { deadlineAt: event.deadlineAt, serverOffsetMs: event.serverOffsetMs } : { deadlineAt: context.deadlineAt },
    ),
    recordAnswer: assign({
      answered: ({ context, event }) => (event.type === 'answer.given' ? withKey(context.answered, event.questionKey) : context.answered),
    }),
    recordMark: assign({
      markedForReview: ({ context, event }) =>
        event.type === 'question.markedForReview' ? withKey(context.markedForReview, event.questionKey) : context.markedForReview,
    }),
    removeMark: assign({
      markedForReview: ({ context, event }) =>
        event.type === 'question.unmarked' ? context.markedForReview.filter((key) => key !== event.questionKey) : context.markedForReview,
    }),
    goToNext: assign({ currentIndex: ({ context }) => context.currentIndex + 1 }),
    goToPrevious: assign({ currentIndex: ({ context }) => context.currentIndex - 1 }),
    goToChosen: assign({ currentIndex: ({ context, event }) => (event.type === 'navigate.goTo' ? event.index : context.currentIndex) }),
    recordOffline: assign({ online: false }),
    recordOnline: assign({ online: true }),
  },
  guards: {
    hasNext: ({ context }) => context.currentIndex < context.questionKeys.length - 1,
    hasPrevious: ({ context }) => context.currentIndex > 0,
    isQuestionIndex: ({ context, event }) =>
      event.type === 'navigate.goTo' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.questionKeys.length,
    isOnline: ({ context }) => context.online,
  },
}).createMachine({
  id: 'takeExam',
  context: ({ input }) => ({
    questionKeys: input.questionKeys,
    currentIndex: input.currentIndex ?? 0,
    markedForReview: input.markedForReview ?? [],
    answered: input.answered ?? [],
    deadlineAt: input.deadlineAt ?? null,
    serverOffsetMs: input.serverOffsetMs ?? 0,
    online: input.online ?? true,
  }),
  initial: 'instructions',
  // A flag on every screen: losing the connection changes what the page says, not where she is.
  on: {
    'connection.lost': { actions: 'recordOffline' },
    'connection.restored': { actions: 'recordOnline' },
  },
  states: {
    instructions: {
      on: {
        'student.started': { target: 'answering', actions: 'recordStart' },
        'clock.deadlinePassed': deadlinePassed,
        'link.invalid': linkInvalid,
      },
    },
    answering: {
      on: {
        'answer.given': { actions: 'recordAnswer' },
        'question.markedForReview': { actions: 'recordMark' },
        'question.unmarked': { actions: 'removeMark' },
        'navigate.next': { guard: 'hasNext', actions: 'goToNext' },
        'navigate.previous': { guard: 'hasPrevious', actions: 'goToPrevious' },
        'navigate.goTo': { guard: 'isQuestionIndex', actions: 'goToChosen' },
        'finish.requested': 'confirmingFinish',
        'clock.deadlinePassed': deadlinePassed,
        'link.invalid': linkInvalid,
      },
    },
    confirmingFinish: {
      on: {
        'finish.cancelled': 'answering',
        'finish.confirmed': { guard: 'isOnline', target: 'finished' },
        'clock.deadlinePassed': deadlinePassed,
        'link.invalid': linkInvalid,
      },
    },
    timeUp: {
      on: {
        'attempt.closed': 'finished',
      },
    },
    finished: { type: 'final' },
    linkInvalid: { type: 'final' },
  },
})

/** Milliseconds left before the server's deadline, by the server's clock (0 once passed; null before she starts). */
export const remainingMs = (context: Pick<TakeExamContext, 'deadlineAt' | 'serverOffsetMs'>, pageNow: number): number | null =>
  context.deadlineAt === null ? null : Math.max(0, Date.parse(context.deadlineAt) - (pageNow + context.serverOffsetMs))

/** The questions she has not answered yet, in her order (the finish dialog lists them). */
export const unansweredKeys = (context: Pick<TakeExamContext, 'questionKeys' | 'answered'>): ReadonlyArray<string> =>
  context.questionKeys.filter((key) => !context.answered.includes(key))
