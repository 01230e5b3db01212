import { wrap, type Remote } from 'comlink'
import type { FileValidationWorkerApi } from './file-validation.worker.ts'

let worker: Remote<FileValidationWorkerApi> | null = null

/** The file-validation worker, started on first use and kept for the page's life. */
export const fileValidation = (): Remote<FileValidationWorkerApi> => {
  worker ??= wrap<FileValidationWorkerApi>(new Worker(new URL('./file-validation.worker.ts', import.meta.url), { type: 'module' }))
  return worker
}
