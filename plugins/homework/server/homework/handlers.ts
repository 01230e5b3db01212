import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { classRoomHomeworkForEdit, classRoomHomeworks, classRoomStudents, homeworksForFetch, teacherHomeworkForEdit } from './reads.ts'
import { cloneHomework, editHomework, insertHomework, removeHomework } from './save.ts'
import { deleteHomeworkUpload, uploadHomeworkAttachment } from './materials.ts'

/** Homework and quizzes (plugins/homework/contract/homework-api.ts): writes in save.ts, reads in reads.ts, statements in sql.ts. */
export const HomeworkHandlers = HttpApiBuilder.group(FaslApi, 'homework', (handlers) =>
  handlers
    .handle('insertHomework', ({ payload }) => Effect.map(insertHomework(payload), ok))
    .handle('editHomework', ({ payload }) => Effect.map(editHomework(payload), ok))
    .handle('removeHomework', ({ payload, query }) => Effect.map(removeHomework(payload.id, query.forceDelete === 'true'), ok))
    .handle('cloneHomework', ({ payload }) => Effect.map(cloneHomework(payload), ok))
    .handle('uploadAttachment', ({ query, payload }) => Effect.map(uploadHomeworkAttachment(query.FileName, payload), ok))
    .handle('deleteAttachmentUpload', ({ payload }) => Effect.map(deleteHomeworkUpload(payload.id), ok))
    .handle('teacherHomeworkForEdit', ({ query }) => Effect.map(teacherHomeworkForEdit(query.HomeworkID), ok))
    .handle('classRoomHomeworkForEdit', ({ query }) => Effect.map(classRoomHomeworkForEdit(query.HomeworkID, query.ClassRoomID), ok))
    .handle('classRoomHomeworks', ({ query }) => Effect.map(classRoomHomeworks(query.ClassRoomID, query.SubjectID, query.Type), ok))
    .handle('classRoomHomeworksForFetch', ({ query }) => Effect.map(homeworksForFetch(query), ok))
    .handle('classRoomStudents', ({ query }) => Effect.map(classRoomStudents(query.ClassRoomID), ok)),
)
