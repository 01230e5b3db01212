import { Effect } from 'effect'
import { asCaller } from '../../../../server/services/tenancy.ts'
import type { HomeworkType } from '../../contract/homework.ts'
import type { Submission } from '../../../../contracts/questions/question.ts'
import type { MyHomework, SaveAnswers, UndoHandIn } from '../../contract/submissions.ts'
import { isLate } from '../../contract/late-work.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Db } from '../../../../server/services/db.ts'
import { PresentationOrder } from '../presentation-order.ts'
import { refuseIssues, refuseWithCode } from '../homework/caller.ts'
import { answerFileIssues, answerFilesOf } from './answer-files.ts'
import {
  autoScored,
  currentWork,
  factsOf,
  moved,
  nowIso,
  readWork,
  statusAsOf,
  storeOrRefuse,
  targetOf,
  withDueApplied,
  type Target,
  type Work,
} from './record.ts'
import { sql, type MyHomeworkRow, type TargetRow } from './sql.ts'
import { revealedToHer, studentView } from './views.ts'
import { found } from '../../../../server/db/found.ts'
import { materialsFromColumns } from '../homework/materials.ts'

/**
 * A student's own homework: only homework of her class room aimed at her that has started (by the
 * server's clock); anything else, another student's or another school's, is 404.
 */
export const myTarget = (homeworkId: number) =>
  Effect.gen(function* () {
    const rows = yield* asCaller<TargetRow>(sql.studentTarget[yield* requestLocale], homeworkId, yield* nowIso)
    return targetOf(yield* found(rows))
  })

/** Her list, with the lazy due date applied to each line (statuses only: the rows are kept when she opens one). */
export const myHomeworks = (type: HomeworkType | undefined) =>
  Effect.gen(function* () {
    const now = yield* nowIso
    const rows = yield* asCaller<MyHomeworkRow>(sql.myHomeworks[yield* requestLocale], now, type ?? null)
    return rows.map((row): MyHomework => {
      const status = row.status ?? 'not_viewed'
      return {
        homeworkId: row.homeworkId,
        title: row.title,
        type: row.type,
        quizMode: row.quizMode,
        subjectName: row.subjectName,
        teacherName: row.teacherName,
        questionCount: row.questionCount,
        totalDegree: row.totalDegree,
        startsAt: row.startsAt,
        dueAt: row.dueAt,
        // The lazy due date; the row itself is settled when she opens it or her teacher reads it.
        status: statusAsOf(status, row.dueAt, now),
        grade: status === 'done' ? row.grade : null,
        submittedAt: row.submittedAt,
        late: isLate(row.submittedAt, row.dueAt),
        lateWork: row.lateWork,
      }
    })
  })

/** The view after a write: read back what was stored. */
const viewNow = (target: Target) =>
  Effect.gen(function* () {
    const work = yield* currentWork(target)
    return studentView(yield* PresentationOrder, target, work, yield* answerFilesOf(target, work.answers), yield* materialsFromColumns(target), yield* nowIso)
  })

/**
 * Opening records student.opened the first time (not viewed → in progress); any later open only
 * reads: the work as read is answered, with no transaction and no second read. A first open (or one
 * that keeps a passed due date) writes in a transaction and answers what was stored.
 */
export const openHomework = (homeworkId: number) =>
  Effect.gen(function* () {
    const target = yield* myTarget(homeworkId)
    const work = yield* readWork(target)
    const now = yield* nowIso
    if (work.status !== 'not_viewed' && !withDueApplied(target, work, now).changed)
      return studentView(yield* PresentationOrder, target, work, yield* answerFilesOf(target, work.answers), yield* materialsFromColumns(target), now)
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const current = yield* currentWork(target)
        if (current.status === 'not_viewed') {
          const opened = yield* moved(current, 'student.opened')
          yield* storeOrRefuse(target, { ...opened, viewedAt: yield* nowIso })
        }
        return yield* viewNow(target)
      }),
    )
  })

/** Every answer must name a question of the homework and be of its type (105 naming `answers.<key>`). */
const answerIssues = (target: Target, answers: Submission): Issue[] => {
  const byId = new Map(target.questions.map((question) => [question.id, question]))
  return Object.entries(answers).flatMap(([key, answer]): Issue[] => {
    const question = byId.get(key)
    if (question === undefined) return [{ field: `answers.${key}`, key: 'questionNotInHomework' }]
    return question.type === answer.type ? [] : [{ field: `answers.${key}.type`, key: 'answerTypeMismatch' }]
  })
}

/**
 * A draft or a hand-in: the work at the version she read, moved by the machine (past due it is
 * "uncompleted" and refuses with 150 unless the homework accepts late work; handed in, 151), her
 * answers replacing the stored ones. A hand-in after her due date is late (its submittedAt says so).
 */
const writeAnswers = (payload: SaveAnswers, event: 'student.savedDraft' | 'student.submitted') =>
  Effect.gen(function* () {
    const target = yield* myTarget(payload.homeworkId)
    yield* refuseIssues(answerIssues(target, payload.answers))
    yield* refuseIssues(yield* answerFileIssues(target, payload.answers))
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const now = yield* nowIso
        const work = yield* currentWork(target)
        // Saving a draft without having opened it counts as opening it first.
        const open = work.status === 'not_viewed' && event === 'student.savedDraft' ? { ...(yield* moved(work, 'student.opened')), viewedAt: now } : work
        // The status is asked before the version: past due or handed in, she hears why, whatever she read.
        const next = yield* moved(open, event, factsOf(target, now))
        if (work.version !== (payload.version ?? 0)) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        const answered: Work = { ...next, answers: payload.answers, viewedAt: next.viewedAt ?? now }
        if (event === 'student.savedDraft') yield* storeOrRefuse(target, answered)
        else {
          const scored = autoScored(target.questions, payload.answers)
          yield* storeOrRefuse(target, { ...answered, autoScores: scored.autoScores, grade: scored.score, submittedAt: now })
        }
        return yield* viewNow(target)
      }),
    )
  })

export const saveDraft = (payload: SaveAnswers) => writeAnswers(payload, 'student.savedDraft')
export const submitHomework = (payload: SaveAnswers) => writeAnswers(payload, 'student.submitted')

/**
 * student.unsubmitted: her hand-in taken back (Classroom's "unsubmit") to a draft with her answers,
 * no longer counted as handed in. The machine refuses it past her due date (170) or once her teacher
 * marked something (171); it is refused too once handing in showed her a result or the right
 * answers (172), which she could otherwise answer from.
 */
export const undoHandIn = (payload: UndoHandIn) =>
  Effect.gen(function* () {
    const target = yield* myTarget(payload.homeworkId)
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const now = yield* nowIso
        const work = yield* currentWork(target)
        if (work.status === 'ready' && revealedToHer(target, work, now)) return yield* refuseWithCode(homeworkCodes.undoAfterAnswersShown)
        const next = yield* moved(work, 'student.unsubmitted', factsOf(target, now))
        if (work.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* storeOrRefuse(target, { ...next, submittedAt: null, grade: null, autoScores: {} })
        return yield* viewNow(target)
      }),
    )
  })
