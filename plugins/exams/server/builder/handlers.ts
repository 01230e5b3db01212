import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { ownDetails } from './access.ts'
import { assignFixedExam, updateApprovalStatus } from './approval.ts'
import { examCorrectorsForEdit, respondToCorrectorAssignment, updateCorrectorApprovalStatus, updateCorrectors } from './correctors.ts'
import { examInfo } from './info.ts'
import { correctorExams, teacherAssignedExams, teacherExams } from './lists.ts'
import { createFixedExam, deleteExam, switchToTraining, updateFixedExam } from './save.ts'

/** The exam builder (plugins/exams/contract/exam-builder-api.ts): writes in save.ts, approval.ts and correctors.ts. */
export const ExamBuilderHandlers = HttpApiBuilder.group(FaslApi, 'examBuilder', (handlers) =>
  handlers
    .handle('createFixedExam', ({ payload }) => Effect.map(createFixedExam(payload), ok))
    .handle('updateFixedExam', ({ payload }) => Effect.map(updateFixedExam(payload), ok))
    .handle('fixedExamForEdit', ({ query }) => Effect.map(ownDetails(query.ExamID), ok))
    .handle('deleteExam', ({ payload }) => Effect.map(deleteExam(payload.examId), ok))
    .handle('switchExamToTrainingMode', ({ query }) => Effect.map(switchToTraining(query.ExamID), ok))
    .handle('updateCorrectors', ({ payload }) => Effect.map(updateCorrectors(payload), ok))
    .handle('examCorrectorsForEdit', ({ query }) => Effect.map(examCorrectorsForEdit(query.ExamID), ok))
    .handle('updateApprovalStatus', ({ payload }) => Effect.map(updateApprovalStatus(payload), ok))
    .handle('assignFixedExam', ({ payload }) => Effect.map(assignFixedExam(payload.examId), ok))
    .handle('respondToCorrectorAssignment', ({ payload }) => Effect.map(respondToCorrectorAssignment(payload), ok))
    .handle('updateCorrectorApprovalStatus', ({ payload }) => Effect.map(updateCorrectorApprovalStatus(payload), ok)),
)

/** The exam lists (plugins/exams/contract/exams-api.ts). */
export const ExamsHandlers = HttpApiBuilder.group(FaslApi, 'exams', (handlers) =>
  handlers
    .handle('teacherExams', ({ payload }) => Effect.map(teacherExams(payload), ok))
    .handle('teacherAssignedExams', ({ payload }) => Effect.map(teacherAssignedExams(payload), ok))
    .handle('correctorExams', ({ payload }) => Effect.map(correctorExams(payload), ok))
    .handle('teacherExamInfo', ({ query }) => Effect.map(examInfo(query.ExamID), ok)),
)
