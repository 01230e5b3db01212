import { Effect } from 'effect'
import { asCaller } from '../../../../server/services/tenancy.ts'
import { homeworkDomainEventTypes, workSubject, type PrivateCommentPosted } from '../../contract/domain-events.ts'
import type { PostMyPrivateComment, PostPrivateComment, PrivateCommentThread } from '../../contract/private-comments.ts'
import { recordDomainEvent } from '../../../../server/events/domain-events.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Db } from '../../../../server/services/db.ts'
import { nowIso, type Target } from '../submissions/record.ts'
import { myTarget } from '../submissions/student.ts'
import { taughtTarget } from '../submissions/correction.ts'
import { commentsSql, type CommentRow } from './sql.ts'

/**
 * Private comments on one student's work: she and the teachers of the homework's class room read
 * and add to it. Who may is decided as for her work (`myTarget`, `taughtTarget`): anything else,
 * another student's, room's or school's, answers 404 before a comment is read or written.
 */
const threadOf = (target: Target) =>
  Effect.gen(function* () {
    const rows = yield* asCaller<CommentRow>(commentsSql.thread[yield* requestLocale], target.homeworkId, target.studentId)
    const comments = rows.map((row) => ({ ...row, id: Number(row.id) }))
    const thread: PrivateCommentThread = { homeworkId: target.homeworkId, studentId: target.studentId, version: comments.at(-1)?.id ?? 0, comments }
    return thread
  })

/** Adds the comment and its domain event in one transaction, then answers the thread. */
const post = (target: Target, text: string, fromStudent: boolean) =>
  Effect.gen(function* () {
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const [row] = yield* asCaller<{ id: number }>(commentsSql.insert, target.homeworkId, target.studentId, fromStudent, text.trim(), yield* nowIso)
        const readers = yield* asCaller<{ userId: string }>(commentsSql.otherReaders, target.studentId, target.classRoomId)
        const payload: PrivateCommentPosted = { homeworkId: target.homeworkId, studentId: target.studentId, commentId: Number(row!.id), fromStudent }
        yield* recordDomainEvent({
          type: homeworkDomainEventTypes.privateCommentPosted,
          subject: workSubject(target.homeworkId, target.studentId),
          recipients: readers.map((reader) => reader.userId),
          payload,
        })
        return yield* threadOf(target)
      }),
    )
  })

export const myPrivateComments = (homeworkId: number) => Effect.flatMap(myTarget(homeworkId), threadOf)

export const postMyPrivateComment = ({ homeworkId, text }: PostMyPrivateComment) => Effect.flatMap(myTarget(homeworkId), (target) => post(target, text, true))

export const privateComments = (homeworkId: number, studentId: number) => Effect.flatMap(taughtTarget(homeworkId, studentId), threadOf)

export const postPrivateComment = ({ homeworkId, studentId, text }: PostPrivateComment) =>
  Effect.flatMap(taughtTarget(homeworkId, studentId), (target) => post(target, text, false))
