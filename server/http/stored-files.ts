import { NodeStream } from '@effect/platform-node'
import { Effect } from 'effect'
import { HttpServerResponse } from 'effect/http'
import { groupOfExtension, mimeTypes, recordingMimeTypes, type AttachmentExtension } from '../../contracts/attachments.ts'
import type { FileStoreService } from '../services/file-store.ts'
import { rangeRequested } from './byte-ranges.ts'

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

/**
 * Images show in the page; every other file (course documents, videos, audio) downloads, under a name
 * fixed by its type (and the uploader's, when signed into the link). A PDF asked for `view=inline`
 * shows in the browser's viewer: the correction screen frames it (security-headers.ts lets the app's
 * own pages frame a stored PDF, still sandboxed); its link and download keep the attachment.
 */
const dispositionOf = (extension: string, downloadName: string | null, inline: boolean) => {
  if (extension === 'svg') return 'inline; filename="image.svg"'
  const served = servedExtension(extension)
  return groupOfExtension(extension) === 'photo' || (inline && served === 'pdf')
    ? `inline; filename="${groupOfExtension(extension) === 'photo' ? 'image' : 'file'}.${served}"${namePart(downloadName, served)}`
    : `attachment; filename="file.${served}"${namePart(downloadName, served)}`
}

/**
 * `GET /files/<key>`: an uploaded file, streamed from the FileStore (disk today, S3-compatible
 * later). Keys carry a random part and are never reused, so browsers may keep them. Null when
 * there is no such file (or the key is not a valid one), for the caller to answer 404.
 *
 * One byte range is answered (206 with its Content-Range, 416 when it lies past the end), so a
 * player can read a recording's length from its end and play it from any point; the signed link
 * is checked before this, for a part as for the whole.
 */
export const answerStoredFile = (
  store: FileStoreService,
  path: string,
  downloadName: string | null = null,
  rangeHeader?: string,
  inline = false,
): Effect.Effect<HttpServerResponse.HttpServerResponse | null> =>
  Effect.promise(async () => {
    let key: string
    try {
      key = decodeURIComponent(path.slice('/files/'.length))
    } catch {
      return null
    }
    const size = await store.size(key).catch(() => null)
    if (size === null) return null
    const extension = key.split('.').pop()?.toLowerCase() ?? ''
    // Not public: kept by the browser of the one who may see it, never by a shared cache. The
    // name's extension is the type's (never the uploader's), and the sandboxing CSP is set with
    // the rest of the security headers (security-headers.ts).
    const headers = {
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-disposition': dispositionOf(extension, downloadName, inline),
      'accept-ranges': 'bytes',
    }
    const contentType = contentTypes[extension] ?? 'application/octet-stream'
    const asked = rangeRequested(rangeHeader, size)
    if (asked.kind === 'unsatisfiable') {
      return HttpServerResponse.empty({ status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
    }
    const range = asked.kind === 'part' ? asked.range : undefined
    const opened = await store.open(key, range).catch(() => null)
    if (opened === null) return null
    const stream = NodeStream.fromReadable({ evaluate: () => opened, onError: (error) => error })
    return range === undefined
      ? HttpServerResponse.stream(stream, { contentType, contentLength: size, headers })
      : HttpServerResponse.stream(stream, {
          status: 206,
          contentType,
          contentLength: range.end - range.start + 1,
          headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${size}` },
        })
  })
