import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { submissionStatusNames, type SubmissionStatus } from '../../contract/homework.ts'
import type { Question, Submission } from '../../../../contracts/questions/question.ts'
import { scoreSubmission } from '../../../../contracts/questions/scoring.ts'
import type { AnswerReview, AutoScore } from '../../contract/submissions.ts'
import {
  homeworkCorrectionMachine,
  type HomeworkCorrectionEvent,
  type SubmissionStatus as MachineStatus,
} from '../../../../machines/homework-correction.machine.ts'
import { Clock } from '../../../../server/services/clock.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { checkTransition } from '../../../../server/status/transition.ts'
import { refuseWithCode } from '../homework/caller.ts'
import { sql, type SubmissionRow, type TargetRow } from './sql.ts'
import { homeworkCodes } from '../../contract/codes.ts'

/**
 * One student's work on one homework as the handlers change it: read whole, changed in memory,
 * written whole at the version it was read at. A targeted student with no row yet has a work "not
 * viewed" at version 0, stored on its first change. Every status change is asked of the homework
 * correction machine (checkTransition), with the context its stored columns give.
 */
export interface Work {
  readonly id: number | null
  readonly status: SubmissionStatus
  readonly answers: Submission
  readonly autoScores: Readonly<Record<string, AutoScore>>
  readonly reviews: Readonly<Record<string, AnswerReview>>
  readonly grade: number | null
  readonly comment: string | null
  readonly version: number
  readonly viewedAt: string | null
  readonly submittedAt: string | null
  readonly correctedAt: string | null
  readonly correctedBy?: string | null
}

export interface Target extends TargetRow {
  readonly questions: ReadonlyArray<Question>
}

const toMachine: Readonly<Record<SubmissionStatus, MachineStatus>> = submissionStatusNames
const fromMachine = Object.fromEntries(Object.entries(toMachine).map(([api, machine]) => [machine, api])) as Readonly<Record<MachineStatus, SubmissionStatus>>

export const notViewed: Work = {
  id: null,
  status: 'not_viewed',
  answers: {},
  autoScores: {},
  reviews: {},
  grade: null,
  comment: null,
  version: 0,
  viewedAt: null,
  submittedAt: null,
  correctedAt: null,
}

export const workOf = (row: SubmissionRow | undefined): Work =>
  row === undefined
    ? notViewed
    : {
        ...row,
        answers: row.answers as Submission,
        autoScores: row.autoScores as Record<string, AutoScore>,
        reviews: row.reviews as Record<string, AnswerReview>,
      }

/** What the machine needs to know of the clock and the homework beside the work itself. */
export interface WorkFacts {
  /** Her due date has passed by the server's clock. */
  readonly pastDue: boolean
  /** The homework accepts late work. */
  readonly lateAccepted: boolean
}

const beforeDue: WorkFacts = { pastDue: false, lateAccepted: false }

/** The facts of `target` at `now`. */
export const factsOf = (target: Pick<Target, 'dueAt' | 'lateWork'>, now: string): WorkFacts => ({
  pastDue: Date.parse(now) >= Date.parse(target.dueAt),
  lateAccepted: target.lateWork === 'accepted',
})

/** A stored status as it reads at `now` for a work due at `dueAt`: the lazy due date, for lists that only show statuses. */
export const statusAsOf = (status: SubmissionStatus, dueAt: string, now: string): SubmissionStatus =>
  Date.parse(now) >= Date.parse(dueAt) ? (nextStatus({ ...notViewed, status }, 'due.passed') ?? status) : status

/** The machine's snapshot of `work`, its context from the stored columns and `facts`. */
const snapshotOf = (work: Work, facts: WorkFacts) => ({
  value: toMachine[work.status],
  context: {
    submitted: work.submittedAt !== null,
    answered: Object.keys(work.answers).length > 0,
    graded: Object.keys(work.reviews).length > 0,
    ...facts,
  },
})

/** The status the machine moves `work` to on `event`, or null when it refuses. */
export const nextStatus = (work: Work, event: HomeworkCorrectionEvent['type'], facts: WorkFacts = beforeDue): SubmissionStatus | null => {
  const check = checkTransition(homeworkCorrectionMachine, snapshotOf(work, facts), { type: event } as HomeworkCorrectionEvent)
  return check.allowed ? fromMachine[check.next as MachineStatus] : null
}

/** The catalogue code that says why the machine refused `event` for `work`. */
const refusalCode = (event: HomeworkCorrectionEvent['type'], work: Work, facts: WorkFacts): number => {
  const marked = Object.keys(work.reviews).length > 0
  switch (event) {
    case 'student.savedDraft':
    case 'student.submitted':
      return work.status === 'uncompleted' ? homeworkCodes.homeworkPastDue : homeworkCodes.homeworkAlreadyHandedIn
    case 'student.unsubmitted':
      if (work.status !== 'ready') return homeworkCodes.undoNotHandedIn
      return facts.pastDue ? homeworkCodes.undoPastDue : homeworkCodes.undoAfterMarking
    case 'teacher.extendedDue':
      return work.status === 'ready' || work.status === 'done' || marked ? homeworkCodes.extensionAfterHandIn : homeworkCodes.correctionNotReady
    case 'teacher.reopened':
      return homeworkCodes.correctionNotDone
    default:
      return work.status === 'done' ? homeworkCodes.correctionAlreadyDone : homeworkCodes.correctionNotReady
  }
}

/** `work` moved by `event` (checked by the machine, with the clock's and the homework's `facts`), or the refusal in the caller's language. */
export const moved = (work: Work, event: HomeworkCorrectionEvent['type'], facts: WorkFacts = beforeDue) => {
  const next = nextStatus(work, event, facts)
  return next === null ? refuseWithCode(refusalCode(event, work, facts)) : Effect.succeed<Work>({ ...work, status: next })
}

/** She may still answer and hand in `work` (before her due date, or after it when late work is accepted). */
export const mayStillAnswer = (work: Work, facts: WorkFacts): boolean => {
  const answering = work.status === 'not_viewed' ? 'in_progress' : work.status
  return nextStatus({ ...work, status: answering }, 'student.submitted', facts) !== null
}

/** The machine would take `event` for `work` now. */
export const allows = (work: Work, event: HomeworkCorrectionEvent['type'], facts: WorkFacts): boolean => nextStatus(work, event, facts) !== null

export const nowIso = Effect.gen(function* () {
  const clock = yield* Clock
  return new Date(clock.now()).toISOString()
})

/** The automatic scores of `answers`, keyed by question, and their sum (the provisional grade). */
export const autoScored = (questions: ReadonlyArray<Question>, answers: Submission) => {
  const scored = scoreSubmission(questions, answers)
  const autoScores = Object.fromEntries(scored.questions.map(({ id, ...score }) => [id, score])) as Record<string, AutoScore>
  return { autoScores, score: scored.score }
}

/**
 * The lazy due date: work not handed in whose due date has passed is "uncompleted" from then on.
 * There is no background job; every read and write of a student's work first applies due.passed
 * (when the machine takes it) with the server's clock, and keeps it when a row exists. What she
 * saved is scored so the teacher can correct it. Answers the work as it should be now and whether it changed.
 */
export const withDueApplied = (target: Target, work: Work, now: string): { readonly work: Work; readonly changed: boolean } => {
  if (Date.parse(now) < Date.parse(target.dueAt)) return { work, changed: false }
  const next = nextStatus(work, 'due.passed')
  // Handed in or corrected work stays where it is: the machine only notes the passed date.
  if (next === null || next === work.status) return { work, changed: false }
  return { work: { ...work, status: next, autoScores: autoScored(target.questions, work.answers).autoScores }, changed: true }
}

const columns = (work: Work) => [
  work.status,
  JSON.stringify(work.answers),
  JSON.stringify(work.autoScores),
  JSON.stringify(work.reviews),
  work.grade,
  work.comment,
  work.viewedAt,
  work.submittedAt,
  work.correctedAt,
  work.correctedBy ?? null,
]

/** Writes `work` whole; false when another request wrote it first (nothing is written then). */
export const store = (target: Target, work: Work) =>
  Effect.gen(function* () {
    if (work.id === null) return (yield* inSchool(sql.insertSubmission, [target.homeworkId, target.studentId, ...columns(work)])).length > 0
    return (yield* inSchool(sql.updateSubmission, [work.id, work.version, ...columns(work)])).length > 0
  })

/** Writes `work` or refuses with 139 (changed elsewhere), the transaction rolled back. */
export const storeOrRefuse = (target: Target, work: Work) =>
  Effect.flatMap(store(target, work), (written) => (written ? Effect.void : refuseWithCode(ResponseCode.changedElsewhere)))

export const readWork = (target: Target) =>
  Effect.map(inSchool<SubmissionRow>(sql.submission, [target.homeworkId, target.studentId], { prepared: true }), (rows) => workOf(rows[0]))

/** The student's work with the due date applied (and kept), as it is now. */
export const currentWork = (target: Target) =>
  Effect.gen(function* () {
    const work = yield* readWork(target)
    const due = withDueApplied(target, work, yield* nowIso)
    if (!due.changed) return work
    // Never opened: nothing is stored until her teacher corrects it, so a homework nobody opened still
    // reads as unanswered (RemoveHomeWork needs no forceDelete, its questions may still change).
    if (work.id === null) return due.work
    // Read back either way: when another request moved it meanwhile, what it wrote is the truth.
    yield* store(target, due.work)
    return yield* readWork(target)
  })

export const targetOf = (row: TargetRow): Target => ({ ...row, questions: row.questions as ReadonlyArray<Question> })

export const callerId = Effect.gen(function* () {
  return (yield* CurrentCaller).userId
})
