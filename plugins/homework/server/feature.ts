import { Layer } from 'effect'
import { HomeworkHandlers } from '../../../server/api/homework/handlers.ts'
import { HomeworkCorrectionHandlers, StudentHomeworkHandlers } from '../../../server/api/submissions/handlers.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Homework and quizzes: the teacher's, the student's answers and files, correction and the grade book. */
export const homeworkFeature = {
  id: 'homework',
  after: ['classroom'],
  ownedTables: ['homework', 'homework_targets', 'homework_submissions', 'answer_files'],
  handlers: Layer.mergeAll(HomeworkHandlers, HomeworkCorrectionHandlers, StudentHomeworkHandlers),
} satisfies ServerFeature<'homework' | 'homeworkCorrection' | 'studentHomework'>
