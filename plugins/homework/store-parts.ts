import { cloneHomework, editHomework, insertHomework, removeHomework } from './commands.ts'
import { extendStudentDue, gradeSubmission, markSubmissionCorrected, reopenSubmission } from './correction/commands.ts'
import { correctionEvents } from './correction/events.ts'
import { correctionProjection } from './correction/projection.ts'
import { homeworkEvents } from './events.ts'
import { postMyPrivateComment, postPrivateComment } from './comments/commands.ts'
import { privateCommentEvents } from './comments/events.ts'
import { privateCommentsProjection } from './comments/projection.ts'
import { homeworkProjection } from './projection.ts'

/** What homework gives the event store (plugin.ts loads this lazily). */
export const events = { ...homeworkEvents, ...correctionEvents, ...privateCommentEvents }
export const projections = [homeworkProjection, correctionProjection, privateCommentsProjection]
export const commands = [
  insertHomework,
  editHomework,
  removeHomework,
  cloneHomework,
  gradeSubmission,
  markSubmissionCorrected,
  reopenSubmission,
  extendStudentDue,
  postMyPrivateComment,
  postPrivateComment,
]
