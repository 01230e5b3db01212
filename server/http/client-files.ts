import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'

/**
 * The built client (dist/), read once into memory and answered from there. The build writes a
 * brotli (`.br`) and a gzip (`.gz`) twin beside each text file (vite.config.ts); a browser gets the
 * smallest one it accepts, so a teacher on a phone network downloads about a third of the bytes.
 * The whole client is a few megabytes, so holding it costs little and spares each request the file
 * system (on a busy two-core machine, reading ten files for one page load took 20–80 ms).
 *
 * Hashed files under /assets/ never change: browsers keep them a year. index.html is checked again
 * on every load (no-cache with an ETag), so a new version reaches everyone on their next visit; so is
 * /sw.js, the offline shell's service worker, whose change is how a browser learns of a new build.
 * Any other path without a file is a client route and gets index.html; a missing /assets/ file or a
 * missing file of a served type (`.js`, `.png`…) is a 404, never an HTML page a script tag would choke on.
 */
export interface ClientFile {
  readonly contentType: string
  readonly etag: string
  readonly cacheControl: string
  readonly identity: Uint8Array
  readonly brotli?: Uint8Array
  readonly gzip?: Uint8Array
}

export type ClientFiles = ReadonlyMap<string, ClientFile>

export interface ClientRequest {
  readonly path: string
  readonly acceptEncoding?: string | undefined
  readonly ifNoneMatch?: string | undefined
}

export interface ClientAnswer {
  readonly status: 200 | 304 | 404
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

const compressedTwins = ['.br', '.gz']

const walk = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]))

/** Reads dist/ into memory; an empty map when the client is not built. */
export const loadClientFiles = (distDir: string): ClientFiles => {
  const files = new Map<string, ClientFile>()
  if (!existsSync(join(distDir, 'index.html'))) return files
  for (const file of walk(distDir)) {
    if (compressedTwins.includes(extname(file))) continue
    const urlPath = `/${relative(distDir, file).split(sep).join('/')}`
    const identity = readFileSync(file)
    const twin = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined)
    const brotli = twin('.br')
    const gzip = twin('.gz')
    files.set(urlPath, {
      contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      identity,
      ...(brotli === undefined ? {} : { brotli }),
      ...(gzip === undefined ? {} : { gzip }),
    })
  }
  return files
}

/** The encodings a request accepts, by the rules of RFC 9110 12.5.3 (q=0 refuses; `*` stands for the rest). */
const accepts = (acceptEncoding: string | undefined, coding: 'br' | 'gzip'): boolean => {
  if (acceptEncoding === undefined) return false
  let wildcard = false
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    const allowed = q === undefined || Number(q.slice(2)) > 0
    if (name.trim() === coding) return allowed
    if (name.trim() === '*') wildcard = allowed
  }
  return wildcard
}

const etagMatches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')

/** What to answer a GET or HEAD for a path outside the API. */
export const answerClientFile = (files: ClientFiles, request: ClientRequest): ClientAnswer => {
  const path = safeDecode(request.path.split('?')[0] ?? '/')
  const found = path === undefined ? undefined : (files.get(path) ?? files.get(`${path.replace(/\/$/, '')}/index.html`))
  const file = found ?? (path === undefined || looksLikeAFile(path) ? undefined : files.get('/index.html'))
  if (file === undefined)
    return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: new TextEncoder().encode('Not found') }
  const headers = { etag: file.etag, 'cache-control': file.cacheControl, vary: 'Accept-Encoding' }
  if (etagMatches(request.ifNoneMatch, file.etag)) return { status: 304, headers, body: new Uint8Array() }
  const [encoding, body] =
    file.brotli !== undefined && accepts(request.acceptEncoding, 'br')
      ? ['br', file.brotli]
      : file.gzip !== undefined && accepts(request.acceptEncoding, 'gzip')
        ? ['gzip', file.gzip]
        : [undefined, file.identity]
  return {
    status: 200,
    headers: { ...headers, 'content-type': file.contentType, ...(encoding === undefined ? {} : { 'content-encoding': encoding }) },
    body,
  }
}

/** A client route may hold a dot ("/classroom/Grade 5.1"); a file the build would have made may not be answered with a page. */
const looksLikeAFile = (path: string) => path.startsWith('/assets/') || extname(path).toLowerCase() in contentTypes || compressedTwins.includes(extname(path))

const safeDecode = (path: string): string | undefined => {
  try {
    const decoded = decodeURIComponent(path)
    return decoded.split('/').includes('..') ? undefined : decoded
  } catch {
    return undefined
  }
}
