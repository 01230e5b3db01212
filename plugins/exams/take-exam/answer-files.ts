import { useMemo, useState } from 'react'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import type { AnswerFilesValue } from '../../../src/questions/index.ts'
import { uploadFile } from '../../../src/uploads/upload-file.ts'
import type { ExamLink, ExamSession } from '../contract/take-exam.ts'

const uploadPath = '/exam/api/Sessions/UploadExamAnswerFile'

/**
 * File and audio answers of her attempt (the question engine's AnswerFilesContext): each file goes
 * up at once, with its progress, through her link from this device (Sessions/UploadExamAnswerFile),
 * and her answer names it by id, saved through the outbox like any answer. A recording waits in her
 * own account's store under `exam:<id>:<question>` until it is sent (src/questions/answer/pending-recordings.ts).
 * The files she uploaded on this page join those the server named on opening, so going back to a
 * question shows them.
 */
export const useExamAnswerFiles = (link: ExamLink, exam: ExamSession | null) => {
  const [uploaded, setUploaded] = useState<ReadonlyArray<AnswerFile>>([])
  const opened = exam?.answerFiles
  const examId = exam?.examId ?? null
  const value = useMemo<AnswerFilesValue>(
    () => ({
      files: [...(opened ?? []), ...uploaded],
      upload: (questionId, file, fileName, onProgress) => {
        const handle = uploadFile<AnswerFile>(
          uploadPath,
          { Token: link.token, DeviceKey: link.deviceKey, QuestionID: questionId, FileName: fileName },
          file,
          onProgress,
        )
        return {
          cancel: handle.cancel,
          done: handle.done.then((stored) => {
            setUploaded((files) => [...files, stored])
            return stored
          }),
        }
      },
      scope: examId === null ? null : `exam:${examId}`,
    }),
    [opened, uploaded, link, examId],
  )
  const recordingKeys = useMemo(
    () => (exam?.questions ?? []).filter((question) => question.type === QuestionType.audioRecording).map((question) => `exam:${exam!.examId}:${question.id}`),
    [exam],
  )
  return { value, recordingKeys }
}
