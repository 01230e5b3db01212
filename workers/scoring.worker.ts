import { expose, transfer } from 'comlink'
import { decodeClassBatch } from '../contracts/questions/class-batch.ts'
import { prescoreClassPacked } from './class-batch-scoring.ts'
import type { PackedResult } from './class-scores-packed.ts'

/** The batch's bytes from the base64 text the API carries it in. */
const bytesOfBase64 = (text: string): Uint8Array => {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/**
 * Off the main thread: scoring a class of forty long submissions must not freeze the correction
 * screen. The class comes as one class batch (contracts/questions/class-batch.ts), as the API's
 * base64 text or as its bytes transferred, and the scores go back as one ArrayBuffer with the
 * batch's own bytes, whose answer numbers they read, both transferred (class-scores-packed.ts):
 * neither side copies an object graph.
 */
const api = {
  prescoreClass: (batch: string | ArrayBuffer): PackedResult => {
    const result = prescoreClassPacked(decodeClassBatch(typeof batch === 'string' ? bytesOfBase64(batch) : new Uint8Array(batch)))
    return transfer(result, [result.scores, result.answers as ArrayBuffer])
  },
}

export type ScoringWorkerApi = typeof api

expose(api)
