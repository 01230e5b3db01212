import { Schema } from 'effect'
import { AttachmentGroupSchema, megabyte, specFileRules, type FileRules } from '../attachments.ts'
import { Id } from '../fields.ts'

/** A file-upload question's files: the spec's rules for a file someone picks (contracts/attachments.ts). */
export const fileAnswerRules = specFileRules satisfies FileRules

/**
 * The longest audio answer: 3 minutes. The spec sets none; three minutes holds a read-aloud
 * passage or a spoken answer, and keeps a recording (about 1.5 MB as Opus in WebM) small enough to
 * send over a school's shared connection and to keep on the device while offline.
 */
export const maxRecordingSeconds = 180

/**
 * A recording's length in seconds, measured by the recorder while she records: a WebM from
 * MediaRecorder often carries no duration (the player reads Infinity), so the answer says it.
 * Never more than the recording limit (a second's slack for the recorder's last chunk).
 */
const recordingDurationMessage = { validation: { key: 'recordingDuration', values: { max: maxRecordingSeconds } } } as const
export const RecordingDuration = Schema.Number.annotate(recordingDurationMessage).check(
  Schema.isFinite(recordingDurationMessage),
  Schema.isBetween({ minimum: 0, maximum: maxRecordingSeconds + 1 }, recordingDurationMessage),
)

/**
 * An audio question's recording, made in the browser: a recording stops at `maxRecordingSeconds`,
 * about 1.5 MB of Opus; 10 MB leaves room for Safari's AAC
 * and any browser's higher bit rate.
 */
export const recordedAnswerRules = { reads: 'recordings', maxBytes: { audio: 10 * megabyte } } as const satisfies FileRules

/**
 * A file a student handed in as an answer (file upload or audio recording), as her answers name it
 * by `id`. `url` is a signed, expiring link (server/auth/file-links.ts) put only into the answers of
 * the student herself and of the teachers who may correct her work; it streams the file with its
 * type and, for a download, her file name.
 */
export const AnswerFile = Schema.Struct({
  id: Id,
  questionId: Schema.String,
  fileName: Schema.String,
  group: AttachmentGroupSchema,
  extension: Schema.String,
  size: Schema.Number,
  url: Schema.String,
})
export type AnswerFile = typeof AnswerFile.Type
