import { Effect, Layer } from 'effect'
import { FileStore, type FileStoreService } from './file-store.ts'

/** A store that can be told it is being released (a test's store, or one holding connections). */
export interface ReleasableFileStore extends FileStoreService {
  /** Called once, after the writes under way have settled, when the server's scope closes. */
  readonly release?: () => Promise<void>
}

/**
 * The store's writes, tracked: after `close` none starts (a late one is refused, never a file half
 * written while the server stops) and `close` waits for those under way, streamed uploads included.
 */
const guarded = (store: ReleasableFileStore) => {
  const underWay = new Set<Promise<void>>()
  let closed = false
  const service: FileStoreService = {
    put: (key, content) => {
      if (closed) return Promise.reject(new Error(`the file store is closed: ${key} not written`))
      const writing = store.put(key, content)
      const settled = writing.then(
        () => undefined,
        () => undefined,
      )
      underWay.add(settled)
      void settled.then(() => underWay.delete(settled))
      return writing
    },
    open: (key, range) => store.open(key, range),
    size: (key) => store.size(key),
    delete: (key) => store.delete(key),
  }
  const close = async () => {
    closed = true
    await Promise.all(underWay)
    await store.release?.()
  }
  return { service, close }
}

/**
 * The FileStore as a scoped Layer, as the database (db.ts dbLayer) and mail delivery are: acquired when
 * the server starts, in its scope, and released when that scope closes (server/app.ts close()),
 * after the HTTP server stopped and before the database closes.
 */
export const fileStoreLayer = (make: () => ReleasableFileStore) =>
  Layer.effect(
    FileStore,
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => guarded(make())),
        ({ close }) => Effect.promise(close),
      ),
      ({ service }) => service,
    ),
  )
