import { expose, transfer } from 'comlink'
import { decodeClassBatch } from './class-batch.ts'
import { prescoreClassPacked } from './class-scoring.ts'

/**
 * Off the main thread: scoring a class of forty long submissions must not freeze the correction
 * screen. The class comes as one JSON string (class-batch.ts) and the scores go back as one
 * ArrayBuffer, transferred (class-scores-packed.ts): neither side copies an object graph.
 */
const api = {
  prescoreClass: (batch: string): ArrayBuffer => {
    const scores = prescoreClassPacked(decodeClassBatch(batch))
    return transfer(scores, [scores])
  },
}

export type ScoringWorkerApi = typeof api

expose(api)
