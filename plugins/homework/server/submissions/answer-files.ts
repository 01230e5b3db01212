import { Effect, type Stream } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { QuestionType } from '../../../../contracts/questions/type-codes.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { InvalidInput } from '../../../../contracts/failures.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { receiveLimitedUpload } from '../../../../server/uploads/upload-limits.ts'
import { currentWork, moved, type Target, factsOf, nowIso } from './record.ts'
import { fileAnswerPurpose, recordedAnswerPurpose } from '../../contract/upload-purposes.ts'
import { answerFileReads, toAnswerFile, type AnswerFileRow } from '../../../../server/questions/answer-files.ts'

/*
 * Files students hand in as answers (migration 0012): uploaded one per call for one question of
 * her own homework, then named by id in her saved answers. Reads bind the caller's school through
 * inSchool and the student through the target (her own work, or work her teacher may correct).
 */
const idsIn = (parameter: string) => `(SELECT value::int FROM jsonb_array_elements_text(${parameter}::text::jsonb))`
const columns = `f.id, f.question_id AS "questionId", f.file_key AS "fileKey", f.file_name AS "fileName", f.file_group AS "group", f.extension, f.size_bytes::float8 AS size`

const sql = {
  insert: `INSERT INTO answer_files AS f (school_id, homework_id, student_id, question_id, file_key, file_name, extension, file_group, size_bytes)
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${columns}`,
  /** Of the ids $3, those uploaded for homework $1 by student $2. */
  ofWork: `SELECT ${columns} FROM answer_files f WHERE f.id IN ${idsIn('$3')} AND f.homework_id = $1 AND f.student_id = $2 AND f.school_id = $school ORDER BY f.id`,
}

const reads = answerFileReads((target: Target, ids: string) => inSchool<AnswerFileRow>(sql.ofWork, [target.homeworkId, target.studentId, ids]))

/** The files `answers` name, with their links (for her view and her teacher's). */
export const answerFilesOf = reads.filesOf

/** A draft or hand-in names only her own uploads for that homework and that question, each once (105 on the answer's field otherwise). */
export const answerFileIssues = reads.issuesOf

const refuse = (issue: Issue) => Effect.fail(new InvalidInput({ issues: [issue] }))

/**
 * One file of her answer to question `questionId` of her homework: refused before a byte is read
 * when the question takes no files (105 on QuestionID) or the homework no longer takes answers (150
 * past due, 151 handed in, as the machine says for a draft) or at her limits (155 with 20 files for
 * the question no saved answer names, 157 past her day's bytes: upload-limits.ts); then streamed and
 * checked by content (a recording for an audio question, the course attachments' rules for a file question).
 */
export const uploadAnswerFile = (target: Target, questionId: string, fileName: string, body: Stream.Stream<Uint8Array, unknown>) =>
  Effect.gen(function* () {
    const question = target.questions.find((candidate) => candidate.id === questionId)
    if (question === undefined) return yield* refuse({ field: 'QuestionID', key: 'questionNotInHomework' })
    if (question.type !== QuestionType.fileUpload && question.type !== QuestionType.audioRecording)
      return yield* refuse({ field: 'QuestionID', key: 'questionTakesNoFiles' })
    const work = yield* currentWork(target)
    // Unopened work is opened by her first save: ask the machine as that save would.
    const open = work.status === 'not_viewed' ? yield* moved(work, 'student.opened') : work
    yield* moved(open, 'student.savedDraft', factsOf(target, yield* nowIso))
    const caller = yield* CurrentCaller
    const purpose = question.type === QuestionType.audioRecording ? recordedAnswerPurpose : fileAnswerPurpose
    const row = yield* receiveLimitedUpload(
      body,
      { purpose, key: [target.homeworkId, target.studentId, questionId], folder: `answers/${caller.schoolId}` },
      (stored) =>
        Effect.map(
          inSchool<AnswerFileRow>(sql.insert, [
            target.homeworkId,
            target.studentId,
            questionId,
            stored.key,
            fileName.trim(),
            stored.sniffed.extension,
            stored.sniffed.group,
            stored.size,
          ]),
          (rows) => rows[0]!,
        ),
    )
    return yield* toAnswerFile(row)
  })
