import type { QuestionOutline } from '../contract/submissions.ts'
import { callApi } from '../../../src/api/client.ts'
import type { PackedClassScores } from '../../../workers/class-scores-packed.ts'

/** How the class did: the questions, and the worker's pre-scores of the work there is to correct (null when there is none). */
export interface ClassOverview {
  readonly questions: ReadonlyArray<QuestionOutline>
  readonly students: number
  readonly scores: PackedClassScores | null
}

/**
 * Reads the class's answers (HomeWork/GetHomeworkClassAnswers) and scores them in the scoring
 * worker: the batch's text goes to the worker as it came, so the page builds no object per answer
 * and its main thread stays free for the list. The worker's client (and Comlink) is fetched only
 * then, so the list's own chunk does not carry it.
 */
export const loadClassOverview = async (homeworkId: number): Promise<ClassOverview> => {
  const answers = await callApi((client) => client.homeworkCorrection.classAnswers({ query: { HomeworkID: homeworkId } }))
  if (answers.students === 0) return { questions: answers.questions, students: 0, scores: null }
  const { prescoreClassInWorker } = await import('../../../workers/scoring.client.ts')
  const scores = await prescoreClassInWorker(answers.batch)
  return { questions: answers.questions, students: answers.students, scores }
}
