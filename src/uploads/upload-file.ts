import { authBridge, currentLocale } from '../api/bridge.ts'
import { buildHeaders } from '../api/headers.ts'
import { toProblem, type ApiProblem } from '../api/problem.ts'
import { catalogueEntryOf } from '../api/catalogue-entry.ts'

export interface UploadHandle<T> {
  readonly done: Promise<T>
  readonly cancel: () => void
}

/**
 * One file sent as the raw request body to a streamed upload call (a course attachment, a
 * student's file or audio answer), with its query (`FileName`, ids); answers the envelope's data.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress, and a streamed fetch body (ReadableStream with `duplex: 'half'`) needs HTTP/2 in
 * Chromium and is missing from Safari and Firefox, while `xhr.upload.onprogress` works everywhere
 * over HTTP/1.1. The browser reads the File from disk as it sends it (never into this page's
 * memory), and `cancel()` aborts the request: the server stops reading and keeps nothing.
 * Rejects with an ApiProblem in the user's language (a refusal carries the server's message on
 * `fields.file`), or with `cancelled` after cancel().
 */
export const uploadFile = <T>(
  path: string,
  query: Readonly<Record<string, string | number>>,
  file: Blob,
  onProgress: (fraction: number) => void,
): UploadHandle<T> => {
  const xhr = new XMLHttpRequest()
  let cancelled = false
  const done = new Promise<T>((resolve, reject) => {
    const fail = (problem: ApiProblem) => reject(problem)
    void authBridge()
      .freshToken()
      .then((token) => {
        if (cancelled) return reject(new UploadCancelled())
        const locale = currentLocale()
        const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))
        xhr.open('POST', `${path}?${search.toString()}`)
        for (const [name, value] of Object.entries(buildHeaders({ locale, accessToken: token, jsonBody: false }))) xhr.setRequestHeader(name, value)
        xhr.setRequestHeader('Content-Type', 'application/octet-stream')
        xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
        xhr.onabort = () => reject(new UploadCancelled())
        xhr.onerror = () => fail(toProblem(navigator.onLine ? { kind: 'unknown' } : { kind: 'offline' }, locale))
        xhr.onload = () => {
          let body: { responseCode?: number; responseData?: T; responseMessage?: string; validationList?: Array<{ field: string; message: string }> } = {}
          try {
            body = JSON.parse(xhr.responseText) as typeof body
          } catch {
            // Not the envelope (a proxy's page): the status decides below.
          }
          if (xhr.status === 200 && body.responseCode === 200 && body.responseData !== undefined) return resolve(body.responseData)
          fail(
            toProblem(
              {
                kind: 'response',
                status: xhr.status,
                code: body.responseCode ?? null,
                message: body.responseMessage ?? null,
                validationList: body.validationList,
                catalogue: catalogueEntryOf(body.responseCode),
              },
              locale,
            ),
          )
        }
        xhr.send(file)
      }, reject)
  })
  return {
    done,
    cancel: () => {
      cancelled = true
      xhr.abort()
    },
  }
}

export class UploadCancelled extends Error {
  readonly _tag = 'UploadCancelled'
}
