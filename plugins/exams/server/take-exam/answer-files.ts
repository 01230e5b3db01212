import { Effect, type Stream } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { InvalidInput } from '../../../../contracts/failures.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { QuestionType } from '../../../../contracts/questions/type-codes.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import type { DbClient } from '../../../../server/db/db.ts'
import { acrossSchools, inSchool } from '../../../../server/services/tenancy.ts'
import { answerFileReads, toAnswerFile, type AnswerFileRow } from '../../../../server/questions/answer-files.ts'
import { receiveLimitedUpload } from '../../../../server/uploads/upload-limits.ts'
import type { ServerUploadPurpose } from '../../../../server/uploads/upload-purposes.ts'
import type { ExamLink } from '../../contract/take-exam.ts'
import { takeExamCodes } from '../../contract/take-exam-codes.ts'
import { examFileAnswerPurpose, examRecordedAnswerPurpose } from '../../contract/take-exam-uploads.ts'
import { attemptForDevice, refuse, stillAnswering } from './attempts.ts'
import type { ExamLinks } from './links.ts'
import { sql as takeExamSql } from './sql.ts'

/*
 * Files students hand in as exam answers (migration 0009): uploaded one per call for one question
 * of her own attempt, from the device holding her link, then named by id in her saved answers.
 * Every statement binds the school through inSchool and the attempt, which the caller reached
 * through her link (the student herself) or through her paper (its corrector).
 */
const idsIn = (parameter: string) => `(SELECT value::int FROM jsonb_array_elements_text(${parameter}::text::jsonb))`
const columns = `f.id, f.question_id AS "questionId", f.file_key AS "fileKey", f.file_name AS "fileName", f.file_group AS "group", f.extension, f.size_bytes::float8 AS size`

/** A file no answer of its attempt names (by id, in `fileIds` or as `recordingId`): one of her pending uploads. */
const unnamedExamFile = `NOT EXISTS (
  SELECT 1 FROM exam_attempts x
   WHERE x.id = f.attempt_id
     AND (COALESCE(x.answers -> f.question_id -> 'fileIds', '[]'::jsonb) @> to_jsonb(f.id)
          OR x.answers -> f.question_id -> 'recordingId' = to_jsonb(f.id)))`

const sql = {
  insert: `INSERT INTO exam_answer_files AS f (school_id, attempt_id, question_id, file_key, file_name, extension, file_group, size_bytes)
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7) RETURNING ${columns}`,
  /** Of the ids $2, those uploaded for attempt $1. */
  ofAttempt: `SELECT ${columns} FROM exam_answer_files f WHERE f.id IN ${idsIn('$2')} AND f.attempt_id = $1 AND f.school_id = $school ORDER BY f.id`,
}

const reads = answerFileReads((attemptId: number, ids: string) => inSchool<AnswerFileRow>(sql.ofAttempt, [attemptId, ids]))

/** The files `answers` of attempt `attemptId` name, with their links (for her and for her paper's correctors). */
export const examAnswerFilesOf = reads.filesOf

/** Her answers name only her own uploads for this attempt and that question, each once (105 on the answer's field otherwise). */
export const examAnswerFileIssues = reads.issuesOf

const refuseField = (issue: Issue) => Effect.fail(new InvalidInput({ issues: [issue] }))

/**
 * One file of her answer to question `questionId`, through her link on the device holding it:
 * refused before a byte is read when the link is not hers there (190), her attempt takes no more
 * answers (193 past her deadline and the grace period, 194 finished), the question takes no files
 * (105 on QuestionID), or at her limits (195 with 20 files of the question no saved answer names,
 * 157 past her day's bytes); then streamed and checked by content.
 *
 * Within the grace period after her deadline an upload is still taken: a recording made offline
 * before the deadline goes up on reconnect (the page keeps it); the answer naming it is then held
 * to the same grace rule as every answer.
 */
export const uploadExamAnswerFile = (links: ExamLinks, link: ExamLink, questionId: string, fileName: string, body: Stream.Stream<Uint8Array, unknown>) =>
  Effect.gen(function* () {
    const row = yield* attemptForDevice(links, link.token, link.deviceKey)
    if (row.deviceKey === null) return yield* refuse(takeExamCodes.linkNotValid)
    yield* stillAnswering(row)
    const question = (yield* examQuestionKindsOf(row.examId)).find((candidate) => candidate.id === questionId)
    if (question === undefined) return yield* refuseField({ field: 'QuestionID', key: 'questionNotInExam' })
    if (question.type !== QuestionType.fileUpload && question.type !== QuestionType.audioRecording)
      return yield* refuseField({ field: 'QuestionID', key: 'examQuestionTakesNoFiles' })
    const caller = yield* CurrentCaller
    const purpose = question.type === QuestionType.audioRecording ? examRecordedAnswerPurpose : examFileAnswerPurpose
    const stored = yield* receiveLimitedUpload(body, { purpose, key: [row.attemptId, questionId], folder: `exam-answers/${caller.schoolId}` }, (upload) =>
      Effect.map(
        inSchool<AnswerFileRow>(sql.insert, [
          row.attemptId,
          questionId,
          upload.key,
          fileName.trim(),
          upload.sniffed.extension,
          upload.sniffed.group,
          upload.size,
        ]),
        (rows) => rows[0]!,
      ),
    )
    return yield* toAnswerFile(stored)
  })

/** The exam's questions by id and type, what an answer or an upload is checked against. */
export const examQuestionKindsOf = (examId: number) => inSchool<Pick<Question, 'id' | 'type'>>(takeExamSql.examQuestionKinds, [examId], { prepared: true })

/** Her pending files of one answer (keyed by attempt and question): those no saved answer names, 195 past the limit. */
const pendingOfAnswer = {
  pendingRefusal: takeExamCodes.answerFilesPending,
  pendingSql: `SELECT count(*) FROM exam_answer_files f
    WHERE f.attempt_id = $3 AND f.question_id = $4 AND f.school_id = $school AND ${unnamedExamFile}`,
}

/** Exam answer files and recordings, as the server takes them (registered on the feature). */
export const examAnswerUploads: ReadonlyArray<ServerUploadPurpose> = [
  { purpose: examFileAnswerPurpose, ...pendingOfAnswer },
  { purpose: examRecordedAnswerPurpose, ...pendingOfAnswer },
]

/** Housekeeping (server/uploads/prune-unlisted.ts): exam answer files taken off or recorded again, in every school. */
export const pruneUnlistedExamAnswerFiles = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('exam answer upload retention', `DELETE FROM exam_answer_files f WHERE f.created_at < $1 AND ${unnamedExamFile} RETURNING f.file_key`),
      [cutoff],
    )
  ).map((row) => row.file_key)
