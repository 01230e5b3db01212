import { Effect } from 'effect'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { encodeClassBatch } from '../../../../contracts/questions/class-batch.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import type {
  AnswerReview,
  ClassAnswers,
  CorrectionList,
  CorrectionListStudent,
  CorrectionStep,
  GradeAnswers,
  MarkCorrected,
} from '../../contract/submissions.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool, asCaller } from '../../../../server/services/tenancy.ts'
import { refuseIssues, refuseWithCode } from '../homework/caller.ts'
import { answerFilesOf } from './answer-files.ts'
import { callerId, currentWork, moved, nowIso, statusAsOf, storeOrRefuse, targetOf, withDueApplied, workOf, type Target, type Work } from './record.ts'
import { sql, type CorrectionListRow, type SubmissionRow, type TargetRow } from './sql.ts'
import { correctionView, gradeOf, questionResults } from './views.ts'
import { announceGradesReturned } from '../domain-events.ts'
import { isLate } from '../../contract/late-work.ts'
import { found } from '../../../../server/db/found.ts'

/**
 * The correction by a teacher of the homework's class room. A homework of a class room she does
 * not teach, or a student it is not aimed at, answers 404 (another school's ids read as none).
 */
export const taughtTarget = (homeworkId: number, studentId: number) =>
  Effect.gen(function* () {
    const rows = yield* asCaller<TargetRow>(sql.teacherTarget[yield* requestLocale], homeworkId, studentId)
    return targetOf(yield* found(rows))
  })

/**
 * Every student homework $1 (of `questions`) is aimed at, with her work as it reads now: the lazy
 * due date is applied in memory, not written back (it is kept when her work is next opened or
 * changed), so reading a class takes the same three statements whatever its size. The caller's
 * right to the homework is checked before.
 */
const worksOfHomework = (homeworkId: number, questions: unknown) =>
  Effect.gen(function* () {
    const rows = yield* inSchool<Omit<TargetRow, 'questions'>>(sql.targetsOfHomework[yield* requestLocale], [homeworkId])
    const stored = new Map((yield* inSchool<SubmissionRow & { studentId: number }>(sql.submissionsOfHomework, [homeworkId])).map((row) => [row.studentId, row]))
    const now = yield* nowIso
    return rows.map((row) => {
      const target = targetOf({ ...row, questions })
      return { target, work: withDueApplied(target, workOf(stored.get(target.studentId)), now).work }
    })
  })

/**
 * Every targeted student with her status and grade. Statuses only, so the lazy due date is applied
 * as the students' own list applies it (statusAsOf), without reading or keeping the work: it is
 * kept when her work is opened, by her or for correcting. Two statements whatever the class's size:
 * the caller's right to the homework, then its students with their work.
 */
export const correctionList = (homeworkId: number) =>
  Effect.gen(function* () {
    const homework = yield* Effect.flatMap(asCaller<{ id: number; title: string; totalDegree: number }>(sql.taughtHomework, homeworkId), found)
    const rows = yield* inSchool<CorrectionListRow>(sql.correctionListOfHomework[yield* requestLocale], [homeworkId], { prepared: true })
    const now = yield* nowIso
    const students = rows.map((row): CorrectionListStudent => {
      const status = statusAsOf(row.status ?? 'not_viewed', row.dueAt, now)
      return {
        studentId: row.studentId,
        name: row.studentName,
        status,
        dueAt: row.dueAt,
        grade: row.grade,
        provisional: status !== 'done' && row.grade !== null,
        marked: row.marked,
        submittedAt: row.submittedAt,
        correctedAt: row.correctedAt,
        late: isLate(row.submittedAt, row.dueAt),
        extendedDueAt: row.extendedDueAt,
      }
    })
    const list: CorrectionList = { homeworkId, title: homework.title, totalDegree: homework.totalDegree, students }
    return list
  })

/** Work there is to correct: handed in, or past due with answers saved (a blank that was never handed in has nothing to score). */
const toCorrect = (work: Work) => work.submittedAt !== null || (work.status === 'uncompleted' && Object.keys(work.answers).length > 0)

/** The class's work to correct as a class batch, for the scoring worker (contracts/questions/class-batch.ts). */
export const classAnswers = (homeworkId: number) =>
  Effect.gen(function* () {
    const homework = yield* Effect.flatMap(asCaller<{ id: number; questions: unknown }>(sql.taughtHomeworkQuestions, homeworkId), found)
    const handedIn = (yield* worksOfHomework(homeworkId, homework.questions)).filter(({ work }) => toCorrect(work))
    const submissions = handedIn.map(({ target, work }) => ({ studentId: target.studentId, answers: work.answers }))
    const questions = homework.questions as ReadonlyArray<Question>
    const answers: ClassAnswers = {
      homeworkId,
      students: submissions.length,
      questions: questions.map(({ id, type, header, degree }) => ({ id, type, header, degree })),
      batch: Buffer.from(encodeClassBatch(questions, submissions)).toString('base64'),
    }
    return answers
  })

/** What the teacher reads: the work as it is now, with the files its answers name. */
export const viewFor = (target: Target) =>
  Effect.gen(function* () {
    const work = yield* currentWork(target)
    return correctionView(target, work, yield* answerFilesOf(target, work.answers), yield* nowIso)
  })

export const submissionForCorrection = (homeworkId: number, studentId: number) =>
  Effect.gen(function* () {
    const target = yield* taughtTarget(homeworkId, studentId)
    return yield* viewFor(target)
  })

/**
 * Runs `change` on the current work at the version the teacher read, in one transaction, and
 * answers what was stored. `issues` are the input's own problems, answered (105) before anything.
 */
const correct = <E, R>(
  step: CorrectionStep,
  change: (target: Target, work: Work) => Effect.Effect<Work, E, R>,
  issues: (target: Target) => Issue[] = () => [],
) =>
  Effect.gen(function* () {
    const target = yield* taughtTarget(step.homeworkId, step.studentId)
    yield* refuseIssues(issues(target))
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const work = yield* currentWork(target)
        const changed = yield* change(target, work)
        if (work.version !== (step.version ?? 0)) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* storeOrRefuse(target, changed)
        return yield* viewFor(target)
      }),
    )
  })

/** Scores within 0..degree of questions of the homework, each named in the 105 when wrong. */
const reviewIssues = (target: Target, payload: Pick<GradeAnswers, 'reviews'>): Issue[] => {
  const degrees = new Map(target.questions.map((question) => [question.id, question.degree]))
  return payload.reviews.flatMap((review, index): Issue[] => {
    const degree = degrees.get(review.questionId)
    if (degree === undefined) return [{ field: `reviews.${index}.questionId`, key: 'questionNotInHomework' }]
    const score = review.score ?? null
    return score !== null && score > degree ? [{ field: `reviews.${index}.score`, key: 'scoreAboveDegree', values: { max: degree } }] : []
  })
}

const blankToNull = (text: string | null | undefined) => (text === null || text === undefined || text.trim() === '' ? null : text.trim())

/** The reviews and comment of `payload` merged into the stored ones (a field left out keeps its value). */
const withReviews = (work: Work, payload: Pick<GradeAnswers, 'reviews' | 'comment'>): Work => {
  const reviews: Record<string, AnswerReview> = { ...work.reviews }
  for (const review of payload.reviews) {
    const before = (Object.hasOwn(reviews, review.questionId) ? reviews[review.questionId] : undefined) ?? { score: null, comment: null }
    const merged: AnswerReview = {
      score: review.score === undefined ? before.score : review.score,
      comment: review.comment === undefined ? before.comment : blankToNull(review.comment),
    }
    if (merged.score === null && merged.comment === null) delete reviews[review.questionId]
    else reviews[review.questionId] = merged
  }
  return { ...work, reviews, comment: payload.comment === undefined ? work.comment : blankToNull(payload.comment) }
}

/**
 * The provisional grade of work not corrected: the sum of the question scores, her marks first, once
 * it was handed in or she gave marks; null for work never handed in and not marked.
 */
const provisionalGrade = (target: Target, work: Work): number | null =>
  work.submittedAt === null && Object.keys(work.reviews).length === 0 ? null : gradeOf(questionResults(target.questions, work))

/** teacher.graded: the reviews merged into the stored ones; the provisional grade follows her marks (the correction list shows it). */
export const gradeAnswers = (payload: GradeAnswers) =>
  correct(
    payload,
    (target, work) =>
      Effect.map(moved(work, 'teacher.graded'), (next) => {
        const reviewed = withReviews(next, payload)
        return { ...reviewed, grade: provisionalGrade(target, reviewed) }
      }),
    (target) => reviewIssues(target, payload),
  )

/**
 * teacher.markedCorrected → done: the grade is the sum of the question scores, the teacher's first.
 * Marks and comments sent with it are applied first (teacher.graded), in the same write.
 */
export const markCorrected = (step: MarkCorrected) =>
  correct(
    step,
    (target, work) =>
      Effect.gen(function* () {
        const graded =
          step.reviews === undefined && step.comment === undefined
            ? work
            : withReviews(yield* moved(work, 'teacher.graded'), { reviews: step.reviews ?? [], comment: step.comment })
        const next = yield* moved(graded, 'teacher.markedCorrected')
        const grade = gradeOf(questionResults(target.questions, next))
        // Recorded in the write's transaction: refused below (another version), it goes with it.
        yield* announceGradesReturned(target, grade)
        return { ...next, grade, correctedAt: yield* nowIso, correctedBy: yield* callerId }
      }),
    (target) => reviewIssues(target, { reviews: step.reviews ?? [] }),
  )

/** teacher.reopened → ready (or uncompleted when never handed in); her marks are kept, so the provisional grade is hers until marked again. */
export const reopenCorrection = (step: CorrectionStep) =>
  correct(step, (target, work) =>
    Effect.gen(function* () {
      const next = yield* moved(work, 'teacher.reopened')
      return { ...next, grade: provisionalGrade(target, next), correctedAt: null, correctedBy: null }
    }),
  )
