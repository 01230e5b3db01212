import { wrap, type Remote } from 'comlink'
import type { ScoringWorkerApi } from './scoring.worker.ts'

let worker: Remote<ScoringWorkerApi> | null = null

/** The scoring worker, started on first use and kept for the page's life. */
export const scoring = (): Remote<ScoringWorkerApi> => {
  worker ??= wrap<ScoringWorkerApi>(new Worker(new URL('./scoring.worker.ts', import.meta.url), { type: 'module' }))
  return worker
}
