import { NodeStream } from '@effect/platform-node'
import { Effect } from 'effect'
import { HttpServerResponse } from 'effect/http'
import { groupOfExtension, mimeTypes, recordingMimeTypes, type AttachmentExtension } from '../../contracts/attachments.ts'
import type { FileStoreService } from '../services/file-store.ts'

// svg: only the demo students' generated photos (plugins/classroom/server/demo-photos.ts); uploaded images are re-encoded to png or jpg.
const contentTypes: Readonly<Record<string, string>> = { ...mimeTypes, ...recordingMimeTypes, svg: 'image/svg+xml' }

/** The extension a file is served under: its type's, as read from its bytes when it was stored (the key's). */
const servedExtension = (extension: string): string => {
  if (groupOfExtension(extension) === 'photo') return extension === 'png' ? 'png' : 'jpg'
  return extension in mimeTypes || extension in recordingMimeTypes ? (extension as AttachmentExtension) : 'bin'
}

/**
 * The uploader's name as RFC 5987 `filename*` (Arabic names survive): only letters, digits, spaces,
 * dots, `-` and `_` are kept, so no quote, slash, line break or bidirectional control can reach the
 * header. Her base name is kept but the extension is always the served type's: `homework.html`,
 * `run.bat` or `notes.hta` whose bytes are a PDF download as `homework.pdf`, `run.pdf`, `notes.pdf`,
 * so a browser never saves a file that runs when opened under a name that says it is a document.
 */
const namePart = (downloadName: string | null, extension: string) => {
  const readable = (downloadName ?? '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
  if (readable === '' || /^\.+$/u.test(readable)) return ''
  const base = readable.replace(/\.[^.]*$/u, '').replace(/^[. ]+|[. ]+$/gu, '')
  return `; filename*=UTF-8''${encodeURIComponent(`${base === '' ? 'file' : base}.${extension}`)}`
}

/** Images show in the page; every other file (course documents, videos, audio) downloads, under a name fixed by its type (and the uploader's, when signed into the link). */
const dispositionOf = (extension: string, downloadName: string | null) => {
  if (extension === 'svg') return 'inline; filename="image.svg"'
  const served = servedExtension(extension)
  return groupOfExtension(extension) === 'photo'
    ? `inline; filename="image.${served}"${namePart(downloadName, served)}`
    : `attachment; filename="file.${served}"${namePart(downloadName, served)}`
}

/**
 * `GET /files/<key>`: an uploaded file, streamed from the FileStore (disk today, S3-compatible
 * later). Keys carry a random part and are never reused, so browsers may keep them. Null when
 * there is no such file (or the key is not a valid one), for the caller to answer 404.
 */
export const answerStoredFile = (
  store: FileStoreService,
  path: string,
  downloadName: string | null = null,
): Effect.Effect<HttpServerResponse.HttpServerResponse | null> =>
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
      // name's extension is the type's (never the uploader's), and the sandboxing CSP is set with
      // the rest of the security headers (security-headers.ts).
      headers: {
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-disposition': dispositionOf(extension, downloadName),
      },
    })
  })
