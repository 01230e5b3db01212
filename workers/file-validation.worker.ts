import { expose } from 'comlink'
import { checkAttachmentFile, checkProfileImageFile } from './file-validation.ts'

/** Off the main thread: reading a large file's bytes must not freeze the page. */
const api = { checkProfileImageFile, checkAttachmentFile }

export type FileValidationWorkerApi = typeof api

expose(api)
