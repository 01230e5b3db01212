import { fileURLToPath } from 'node:url'
import { Layer } from 'effect'
import { HomeworkHandlers } from './homework/handlers.ts'
import { HomeworkCorrectionHandlers, StudentHomeworkHandlers } from './submissions/handlers.ts'
import { PrivateCommentsHandlers, StudentPrivateCommentsHandlers } from './comments/handlers.ts'
import { PresentationOrderLive } from './presentation-order.ts'
import { answerUploads, pruneUnlistedAnswerFiles } from './submissions/unlisted-files.ts'
import { homeworkAttachmentUploads, pruneUnlistedHomeworkUploads } from './homework/unlisted-materials.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Homework and quizzes: the teacher's, the student's answers and files, correction and the grade book. */
export const homeworkFeature = {
  id: 'homework',
  after: ['classroom'],
  migrations: fileURLToPath(new URL('./migrations/', import.meta.url)),
  ownedTables: [
    'homework',
    'homework_targets',
    'homework_submissions',
    'answer_files',
    'homework_private_comments',
    'homework_due_extensions',
    'homework_topics',
    'homework_attachments',
    'homework_links',
  ],
  // Its students' orders of re-arrange items and connect sides are homework's own service, keyed by the server (ServerKeys).
  handlers: Layer.mergeAll(HomeworkHandlers, HomeworkCorrectionHandlers, StudentHomeworkHandlers, PrivateCommentsHandlers, StudentPrivateCommentsHandlers).pipe(
    Layer.provide(PresentationOrderLive),
  ),
  uploadPurposes: [...answerUploads, homeworkAttachmentUploads],
  pruneUnlistedUploads: async (db, cutoff) => [...(await pruneUnlistedAnswerFiles(db, cutoff)), ...(await pruneUnlistedHomeworkUploads(db, cutoff))],
} satisfies ServerFeature<'homework' | 'homeworkCorrection' | 'studentHomework' | 'privateComments' | 'studentPrivateComments'>
