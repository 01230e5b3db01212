import type { Answer, Refusal } from '../../../src/events/lifecycle.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../../src/events/types.ts'
import { examBuilderCommandNames, examBuilderEventNames as names, examRefusalDismissed, type ExamRefusalDismissed } from './events.ts'

/** A command's exam ('new' for a created one: it has no id until the server answers). */
export const examOfCommand = (command: LogEvent): string => {
  const payload = command.payload as { readonly examId?: number }
  return command.name === names.createRequested || payload.examId === undefined ? 'new' : String(payload.examId)
}

/** The builder's saves: what a refusal can reopen the form with. */
const saveNames: ReadonlySet<string> = new Set([names.createRequested, names.updateRequested])
export const isExamSave = (command: LogEvent): boolean => saveNames.has(command.name)

/** The version a waiting write was made against (none for a new exam or a write that carries none). */
const versionOfCommand = (command: LogEvent): number => (command.payload as { readonly version?: number }).version ?? Infinity

export interface ExamBuilderView {
  /** The exam commands the server has not answered yet (kept on this device until it has). */
  readonly pending: ReadonlyArray<LogEvent>
  /** Every answer, in the order given: a page finds its own command's by id. */
  readonly answers: ReadonlyArray<Answer>
  /** The newest refusal, for the list to say which change was not made and why. */
  readonly lastRefusal: Answer | null
  /** How many commands the server has answered: the lists read again when it grows. */
  readonly answered: number
  /** Per exam, the versions this device's confirmed writes produced (a waiting write is rebased over them). */
  readonly ownVersions: Readonly<Record<string, ReadonlyArray<number>>>
  /**
   * Saves the server refused that the teacher may reopen in the builder with her values: the newest
   * of each exam (of new exams: the newest create), while no later save of it was made and she has
   * not put it aside.
   */
  readonly refusedSaves: ReadonlyArray<Refusal>
}

/** Refused saves not followed by a later save of the same exam and not dismissed (`dismissed`: command ids). */
export const reopenableRefusals = (events: ReadonlyArray<LogEvent>, answers: ReadonlyArray<Answer>, dismissed: ReadonlySet<string>): Refusal[] => {
  const lastSave = new Map<string, string>()
  for (const event of events) if (isExamSave(event)) lastSave.set(examOfCommand(event), event.id)
  return answers.filter(
    (answer): answer is Refusal =>
      answer.kind === 'refused' &&
      isExamSave(answer.command) &&
      !dismissed.has(answer.command.id) &&
      lastSave.get(examOfCommand(answer.command)) === answer.command.id,
  )
}

interface BuilderState {
  /** The refused saves the teacher put aside (command ids). */
  readonly dismissed: ReadonlySet<string>
}

const dismissedOf = (events: ReadonlyArray<LogEvent>): Set<string> =>
  new Set(events.filter((event) => event.name === examRefusalDismissed).map((event) => (event.payload as ExamRefusalDismissed).commandId))

/** The exam commands' lifecycle, the refused saves the teacher may reopen, and the versions a waiting write is rebased over. */
export const examBuilderProjection = defineProjection<BuilderState, ExamBuilderView>({
  id: 'examBuilder',
  initial: { dismissed: new Set() },
  reducers: {
    [examRefusalDismissed]: (state, event) => ({ dismissed: new Set([...state.dismissed, (event.payload as ExamRefusalDismissed).commandId]) }),
  },
  lifecycle: {
    commands: examBuilderCommandNames,
    recordOf: examOfCommand,
    rebasedFrom: versionOfCommand,
    // A refused save stays on the device until it is reopened and saved again, or put aside.
    keepAnswered: (answer, events) => reopenableRefusals(events, [answer], dismissedOf(events)).length > 0,
  },
  // A dismissal is dropped once its refused save is gone from the log.
  compactable: (events, dropping) => {
    const ids = new Set(events.map((event) => event.id))
    return events
      .filter((event) => event.name === examRefusalDismissed)
      .filter((event) => {
        const { commandId } = event.payload as ExamRefusalDismissed
        return dropping.has(commandId) || !ids.has(commandId)
      })
      .map((event) => event.id)
  },
  view: (state, lifecycle: Lifecycle) => ({
    pending: lifecycle.unanswered,
    answers: lifecycle.answers,
    lastRefusal: lifecycle.lastRefusal,
    answered: lifecycle.answers.length,
    ownVersions: lifecycle.ownVersions,
    refusedSaves: reopenableRefusals([...lifecycle.answers.map((answer) => answer.command), ...lifecycle.unanswered], lifecycle.answers, state.dismissed),
  }),
})
