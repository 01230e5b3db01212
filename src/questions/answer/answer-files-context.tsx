import { createContext, useContext } from 'react'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { UploadHandle } from '../../uploads/upload-file.ts'

/**
 * Where file and audio answers come from and go to, given by the page that shows the questions:
 * the stored files her answers name (with their signed links), and, while she answers, how one
 * file goes up (the student area's call) and under which key a recording waits on the device.
 * Without a provider (the builder's preview) nothing can be uploaded.
 */
export interface AnswerFilesValue {
  readonly files: ReadonlyArray<AnswerFile>
  readonly upload: ((questionId: string, file: Blob, fileName: string, onProgress: (fraction: number) => void) => UploadHandle<AnswerFile>) | null
  /** Names this work on the device (e.g. `homework:12`), so a recording made offline is found again. */
  readonly scope: string | null
}

export const AnswerFilesContext = createContext<AnswerFilesValue>({ files: [], upload: null, scope: null })

export const useAnswerFiles = () => useContext(AnswerFilesContext)
