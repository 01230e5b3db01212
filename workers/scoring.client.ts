import { wrap, type Remote } from 'comlink'
import { readPackedClassScores, type PackedClassScores } from './class-scores-packed.ts'
import type { ScoringWorkerApi } from './scoring.worker.ts'

let worker: Remote<ScoringWorkerApi> | null = null

/** The scoring worker, started on first use and kept for the page's life. */
const scoring = (): Remote<ScoringWorkerApi> => {
  worker ??= wrap<ScoringWorkerApi>(new Worker(new URL('./scoring.worker.ts', import.meta.url), { type: 'module' }))
  return worker
}

/**
 * Pre-scores a class in the worker: `batch` is encodeClassBatch's string (or the same text from the
 * server, passed on unparsed); the answer is views on the transferred buffer, nothing copied.
 */
export const prescoreClassInWorker = async (batch: string): Promise<PackedClassScores> => readPackedClassScores(await scoring().prescoreClass(batch))
