import { expose, transfer } from 'comlink'
import { decodeClassBatch } from '../contracts/questions/class-batch.ts'
import { prescoreClassPacked } from './class-scoring.ts'

/**
 * Off the main thread: scoring a class of forty long submissions must not freeze the correction
 * screen. The class comes as one JSON text (class-batch.ts), a string or its UTF-8 bytes transferred,
 * and the scores go back as one ArrayBuffer, transferred (class-scores-packed.ts): neither side
 * copies an object graph.
 */
const api = {
  prescoreClass: (batch: string | ArrayBuffer): ArrayBuffer => {
    const scores = prescoreClassPacked(decodeClassBatch(typeof batch === 'string' ? batch : new TextDecoder().decode(batch)))
    return transfer(scores, [scores])
  },
}

export type ScoringWorkerApi = typeof api

expose(api)
