import { NodeStream } from '@effect/platform-node'
import { Effect } from 'effect'
import { HttpServerResponse } from 'effect/http'
import type { FileStoreService } from '../services/file-store.ts'

// svg: only the demo students' generated photos (server/seed/avatars.ts); uploads are re-encoded to png or jpg.
const contentTypes: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf', svg: 'image/svg+xml' }
const imageNames: Readonly<Record<string, string>> = { png: 'image.png', svg: 'image.svg' }

/**
 * `GET /files/<key>`: an uploaded file, streamed from the FileStore (disk today, S3-compatible
 * later). Keys carry a random part and are never reused, so browsers may keep them. Null when
 * there is no such file (or the key is not a valid one), for the caller to answer 404.
 */
export const answerStoredFile = (store: FileStoreService, path: string): Effect.Effect<HttpServerResponse.HttpServerResponse | null> =>
  Effect.promise(async () => {
    let key: string
    try {
      key = decodeURIComponent(path.slice('/files/'.length))
    } catch {
      return null
    }
    const opened = await store.open(key).catch(() => null)
    if (opened === null) return null
    const extension = key.split('.').pop()?.toLowerCase() ?? ''
    return HttpServerResponse.stream(NodeStream.fromReadable({ evaluate: () => opened, onError: (error) => error }), {
      contentType: contentTypes[extension] ?? 'application/octet-stream',
      // Not public: kept by the browser of the one who may see it, never by a shared cache. The
      // name is fixed by type (never the uploader's), and the sandboxing CSP is set with the rest
      // of the security headers (security-headers.ts).
      headers: {
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-disposition': extension === 'pdf' ? 'attachment; filename="file.pdf"' : `inline; filename="${imageNames[extension] ?? 'image.jpg'}"`,
      },
    })
  })
