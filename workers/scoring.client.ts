import { transfer, wrap, type Remote } from 'comlink'
import { readPackedClassScores, type PackedClassScores } from './class-scores-packed.ts'
import type { ScoringWorkerApi } from './scoring.worker.ts'

let worker: Remote<ScoringWorkerApi> | null = null

/** The scoring worker, started on first use and kept for the page's life. */
const scoring = (): Remote<ScoringWorkerApi> => {
  worker ??= wrap<ScoringWorkerApi>(new Worker(new URL('./scoring.worker.ts', import.meta.url), { type: 'module' }))
  return worker
}

/**
 * Pre-scores a class in the worker: `batch` is a class batch (contracts/questions/class-batch.ts)
 * as the API's base64 text, or its bytes (such as a response's `arrayBuffer()`), which are
 * transferred: the buffer is the worker's afterwards (and comes back holding the answers' numbers).
 * The answer is views on the transferred results, nothing copied.
 */
export const prescoreClassInWorker = async (batch: string | ArrayBuffer): Promise<PackedClassScores> =>
  readPackedClassScores(await scoring().prescoreClass(typeof batch === 'string' ? batch : transfer(batch, [batch])))
