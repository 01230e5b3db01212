import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../contracts/api.ts'
import { notFound } from '../../http/failures.ts'
import { requestLocale } from '../../http/request.ts'

// Declared first so the screens can be built against the contract; the handlers come next.
const pending = () => Effect.flatMap(requestLocale, (locale) => Effect.fail(notFound(locale)))

export const HomeworkHandlers = HttpApiBuilder.group(FaslApi, 'homework', (handlers) =>
  handlers
    .handle('insertHomework', pending)
    .handle('editHomework', pending)
    .handle('removeHomework', pending)
    .handle('cloneHomework', pending)
    .handle('teacherHomeworkForEdit', pending)
    .handle('classRoomHomeworkForEdit', pending)
    .handle('classRoomHomeworks', pending)
    .handle('classRoomHomeworksForFetch', pending)
    .handle('classRoomStudents', pending),
)
