import { Effect } from 'effect'
import type { AttachmentGroup } from '../../contracts/attachments.ts'
import type { AnswerFile } from '../../contracts/questions/answer-files.ts'
import type { Submission } from '../../contracts/questions/question.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import type { Issue } from '../../contracts/validation.ts'
import { downloadLink } from '../uploads/download-link.ts'

/** One stored answer file (an upload or a recording), as a feature's own answer-files table gives it. */
export interface AnswerFileRow {
  readonly id: number
  readonly questionId: string
  readonly fileKey: string
  readonly fileName: string
  readonly group: AttachmentGroup
  readonly extension: string
  readonly size: number
}

/** The answer's form of a stored file: a signed, expiring link (server/auth/file-links.ts) that downloads it under her name, the only way to its bytes. */
export const toAnswerFile = (row: AnswerFileRow) =>
  Effect.map(downloadLink(row.fileKey, row.fileName), (url) => {
    const { id, questionId, fileName, group, extension, size } = row
    return { id, questionId, fileName, group, extension, size, url } satisfies AnswerFile
  })

/** The stored-file ids answers name, by question (file uploads and recordings only), with the field an issue goes on. */
const namedIds = (answers: Submission): ReadonlyArray<{ readonly questionId: string; readonly field: string; readonly ids: ReadonlyArray<number> }> =>
  Object.entries(answers).flatMap(([questionId, answer]) => {
    if (answer.type === QuestionType.fileUpload) return [{ questionId, field: `answers.${questionId}.fileIds`, ids: answer.fileIds }]
    if (answer.type === QuestionType.audioRecording && answer.recordingId !== null)
      return [{ questionId, field: `answers.${questionId}.recordingId`, ids: [answer.recordingId] }]
    return []
  })

/**
 * Reading the files answers name, for a feature whose answers name its own uploads (homework's work,
 * an exam's attempt): `rowsAmong(owner, ids)` gives the rows of the owner's uploads among `ids` (a
 * JSON array of distinct ids), in its school. `filesOf`: the files the answers name, with their links.
 * `issuesOf`: the answers name only the owner's uploads for that very question, each once (105 on the
 * answer's field otherwise: another student's ids, another attempt's, or hers for another question
 * all read alike as invalid files, so an id tells nothing about whose it is).
 */
export const answerFileReads = <Owner, E, R>(rowsAmong: (owner: Owner, ids: string) => Effect.Effect<ReadonlyArray<AnswerFileRow>, E, R>) => {
  const rowsOf = (owner: Owner, ids: ReadonlyArray<number>) =>
    ids.length === 0 ? Effect.succeed<ReadonlyArray<AnswerFileRow>>([]) : rowsAmong(owner, JSON.stringify([...new Set(ids)]))
  return {
    filesOf: (owner: Owner, answers: Submission) =>
      Effect.flatMap(
        rowsOf(
          owner,
          namedIds(answers).flatMap((named) => named.ids),
        ),
        (rows) => Effect.forEach(rows, toAnswerFile),
      ),
    issuesOf: (owner: Owner, answers: Submission) => {
      const named = namedIds(answers)
      return Effect.map(
        rowsOf(
          owner,
          named.flatMap((entry) => entry.ids),
        ),
        (rows) => {
          const questionOf = new Map(rows.map((row) => [row.id, row.questionId]))
          return named.flatMap((entry): Issue[] =>
            new Set(entry.ids).size !== entry.ids.length || entry.ids.some((id) => questionOf.get(id) !== entry.questionId)
              ? [{ field: entry.field, key: 'invalidFiles' }]
              : [],
          )
        },
      )
    },
  }
}
