import { fileURLToPath } from 'node:url'
import { Layer } from 'effect'
import { ExamAccommodationsHandlers } from './accommodations/handlers.ts'
import { ExamBuilderOptionsHandlers } from './builder-options/builder-options.ts'
import { ExamBuilderHandlers, ExamsHandlers } from './builder/handlers.ts'
import { seedExamsDemo } from './demo-seed.ts'
import { TakeExamHandlers } from './take-exam/handlers.ts'
import { examAnswerUploads, pruneUnlistedExamAnswerFiles } from './take-exam/answer-files.ts'
import { ExamCorrectionHandlers } from './correction/handlers.ts'
import { ExamResultsHandlers, MyExamResultsHandlers } from './results/handlers.ts'
import { ExamSettingsHandlers } from './settings/handlers.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Exams: the builder, approval and correctors, the take-exam flow, correction and results; students' standing extra time. */
export const examsFeature = {
  id: 'exams',
  after: ['classroom'],
  migrations: fileURLToPath(new URL('./migrations/', import.meta.url)),
  ownedTables: [
    'exams',
    'exam_class_rooms',
    'exam_students',
    'exam_correctors',
    'exam_accommodations',
    'exam_attempts',
    'exam_papers',
    'exam_school_settings',
    'exam_answer_files',
  ],
  handlers: Layer.mergeAll(
    ExamAccommodationsHandlers,
    ExamBuilderOptionsHandlers,
    ExamBuilderHandlers,
    ExamsHandlers,
    TakeExamHandlers,
    ExamCorrectionHandlers,
    ExamResultsHandlers,
    MyExamResultsHandlers,
    ExamSettingsHandlers,
  ),
  seedDemo: seedExamsDemo,
  uploadPurposes: examAnswerUploads,
  pruneUnlistedUploads: pruneUnlistedExamAnswerFiles,
} satisfies ServerFeature<
  'examAccommodations' | 'examBuilderOptions' | 'examBuilder' | 'exams' | 'takeExam' | 'examCorrection' | 'examResults' | 'myExamResults' | 'examSettings'
>
