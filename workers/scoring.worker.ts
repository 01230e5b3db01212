import { expose } from 'comlink'
import { prescoreClass } from './class-scoring.ts'

/** Off the main thread: scoring a class of forty long submissions must not freeze the correction screen. */
const api = { prescoreClass }

export type ScoringWorkerApi = typeof api

expose(api)
