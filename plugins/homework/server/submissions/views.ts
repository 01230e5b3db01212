import type { Question } from '../../../../contracts/questions/question.ts'
import { answersReleased } from '../../contract/answers-release.ts'
import { toStudentView } from '../../../../contracts/questions/student-view.ts'
import { manuallyGradedTypes } from '../../../../contracts/questions/type-codes.ts'
import type { AnswerFile } from '../../../../contracts/questions/answer-files.ts'
import type { HomeworkMaterials } from '../../contract/materials.ts'
import type { QuestionResult, StudentHomework, SubmissionForCorrection } from '../../contract/submissions.ts'
import { isLate } from '../../contract/late-work.ts'
import type { PresentationOrderService } from '../presentation-order.ts'
import { allows, factsOf, mayStillAnswer, type Target, type Work } from './record.ts'

/** Whole cents, so sums of scores add up as shown. */
const cents = (value: number) => Math.round(value * 100)

const outcomeOf = (score: number, max: number): QuestionResult['outcome'] =>
  cents(score) >= cents(max) ? 'correct' : cents(score) <= 0 ? 'incorrect' : 'partial'

/**
 * Each question's score: the teacher's when she gave one (it overrides), else the automatic one;
 * a question never scored (nothing answered, not handed in) counts 0.
 */
export const questionResults = (questions: ReadonlyArray<Question>, work: Work): QuestionResult[] =>
  questions.map((question) => {
    const auto = Object.hasOwn(work.autoScores, question.id) ? work.autoScores[question.id] : undefined
    const review = Object.hasOwn(work.reviews, question.id) ? work.reviews[question.id] : undefined
    const max = cents(question.degree) / 100
    const comment = review?.comment ?? null
    if (review !== undefined && review.score !== null)
      return { questionId: question.id, score: review.score, max, outcome: outcomeOf(review.score, max), comment }
    if (auto !== undefined) return { questionId: question.id, score: auto.score, max, outcome: auto.outcome, comment }
    return { questionId: question.id, score: 0, max, outcome: manuallyGradedTypes.has(question.type) ? 'manual' : 'incorrect', comment }
  })

export const gradeOf = (results: ReadonlyArray<QuestionResult>) => results.reduce((sum, result) => sum + cents(result.score), 0) / 100

const isTrainingQuiz = (target: Target) => target.type === 'quiz' && target.quizMode === 'training'

/** The right answers are hers to read now (answers-release.ts, by the server's clock `now`). */
const released = (target: Target, work: Work, now: string) =>
  answersReleased(target.answersRelease, {
    status: work.status,
    submittedAt: work.submittedAt,
    dueAt: target.dueAt,
    lastDueAt: target.lastDueAt,
    mayStillAnswer: mayStillAnswer(work, factsOf(target, now)),
    now,
  })

/**
 * She has been shown something right answers can be read from: the right answers themselves, or a
 * training quiz's automatic result once handed in. From then on her work must not open again (no
 * undo of her hand-in, no extension of her due date).
 */
export const revealedToHer = (target: Target, work: Work, now: string) => (isTrainingQuiz(target) && work.submittedAt !== null) || released(target, work, now)

/**
 * What the student sees. The questions never carry what is right, and she always gets her own
 * answers back. The right answers (`answerKey`) come only once the homework's release setting
 * lets her see them (answers-release.ts, by the server's clock `now`); per question the outcome
 * and score (never per-part marks, which would give a re-arrange's order away) come once
 * corrected ("done") with the teacher's comments, or with a training quiz's automatic result once
 * handed in. Re-arrange items and connect right sides come in her own order (`order`: the same on
 * every open, another for each student, homework and question).
 */
export const studentView = (
  order: PresentationOrderService,
  target: Target,
  work: Work,
  answerFiles: ReadonlyArray<AnswerFile>,
  materials: HomeworkMaterials,
  now: string,
): StudentHomework => {
  const handedInTraining = isTrainingQuiz(target) && work.submittedAt !== null
  const corrected = work.status === 'done'
  const answerKeyShown = released(target, work, now)
  const results = corrected || handedInTraining ? questionResults(target.questions, work) : null
  return {
    homeworkId: target.homeworkId,
    title: target.title,
    text: target.text,
    type: target.type,
    quizMode: target.quizMode,
    subjectName: target.subjectName,
    totalDegree: target.totalDegree,
    startsAt: target.startsAt,
    dueAt: target.dueAt,
    status: work.status,
    version: work.version === 0 ? null : work.version,
    questions: target.questions.map((question) =>
      toStudentView(question, (questionId, items) => order.arrange({ homeworkId: target.homeworkId, studentId: target.studentId, questionId }, items)),
    ),
    answers: work.answers,
    answerFiles,
    materials,
    submittedAt: work.submittedAt,
    answerKey: answerKeyShown ? target.questions : null,
    answersRelease: target.answersRelease,
    lateWork: target.lateWork,
    late: isLate(work.submittedAt, target.dueAt),
    extended: target.extendedDueAt !== null,
    undoable: allows(work, 'student.unsubmitted', factsOf(target, now)) && !revealedToHer(target, work, now),
    result:
      results === null
        ? null
        : {
            final: corrected,
            grade: corrected && work.grade !== null ? work.grade : gradeOf(results),
            comment: corrected ? work.comment : null,
            questions: corrected ? results : results.map((result) => ({ ...result, comment: null })),
          },
  }
}

/** What the teacher corrects from, at the server's clock `now`. */
export const correctionView = (target: Target, work: Work, answerFiles: ReadonlyArray<AnswerFile>, now: string): SubmissionForCorrection => {
  const scores = questionResults(target.questions, work)
  return {
    homeworkId: target.homeworkId,
    studentId: target.studentId,
    studentName: target.studentName,
    status: work.status,
    version: work.version === 0 ? null : work.version,
    totalDegree: target.totalDegree,
    dueAt: target.dueAt,
    questions: target.questions,
    answers: work.answers,
    answerFiles,
    autoScores: work.autoScores,
    reviews: work.reviews,
    comment: work.comment,
    scores,
    currentGrade: gradeOf(scores),
    grade: work.grade,
    submittedAt: work.submittedAt,
    correctedAt: work.correctedAt,
    late: isLate(work.submittedAt, target.dueAt),
    extendedDueAt: target.extendedDueAt,
    extendable: allows(work, 'teacher.extendedDue', factsOf(target, now)) && !revealedToHer(target, work, now),
  }
}
