import { HttpServerResponse } from 'effect/http'

/**
 * The security headers of every answer (OWASP ASVS 5, V3.4), decided here by path and set once in
 * app.ts on whatever the server answers: the client, the API, errors, static and stored files.
 *
 * - The app's Content-Security-Policy allows no inline script: index.html loads its early script
 *   (public/early.js) and its ICU warm-up worker (public/icu-warmup.js) as files, and the Comlink
 *   file-validation worker is a built file under /assets/, and the offline shell's service worker is
 *   /sw.js (src/boot/service-worker/), so `worker-src 'self'` is enough; the manifest is 'self' too.
 *   Styles: Panda writes a static stylesheet and Ark/React set styles through the CSSOM
 *   (element.style), which CSP does not govern, so `style-src 'self'` holds with no 'unsafe-inline'
 *   (the browser tests, tests/e2e/security-policy.test.ts, fail on any violation).
 *   Images may be `data:` (the favicon) and `blob:` (a chosen profile image previewed before upload).
 * - /api/docs (the Scalar reference, effect's HttpApiScalar) is one page of inline script. It gets
 *   that, but sandboxed without `allow-same-origin`: it runs as an opaque origin, so even a flaw in
 *   it cannot read the app's storage or call the API with a teacher's token.
 * - Stored files (/files/…) get `default-src 'none'; sandbox`: an uploaded file never runs as a page.
 *   A stored PDF (/files/….pdf) may be framed by the app's own pages only (`frame-ancestors 'self'`,
 *   X-Frame-Options SAMEORIGIN), so a teacher reads a handed-in PDF inside the student's work; it
 *   keeps the sandbox (Chromium's viewer renders a sandboxed PDF), so it still never runs as a page,
 *   and no other site can frame it. Every other stored file stays unframeable (X-Frame-Options DENY).
 * - `Cache-Control: no-store` on every API answer (/api, /school, /exam, /chat): they carry tokens
 *   or personal data and none of them is worth keeping in a shared cache.
 * - HSTS only when the public address is https (a plain-http demo on a laptop must keep working).
 */
export interface SecurityHeaderOptions {
  /** FASL_PUBLIC_URL, when set: HSTS is sent only when it is https. */
  readonly publicUrl: string | null
}

const policy = (directives: Readonly<Record<string, string>>) =>
  Object.entries(directives)
    .map(([name, value]) => (value === '' ? name : `${name} ${value}`))
    .join('; ')

export const appContentSecurityPolicy = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'media-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
})

export const apiDocsContentSecurityPolicy = policy({
  'default-src': "'self'",
  'script-src': "'self' 'unsafe-inline'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'frame-ancestors': "'none'",
  sandbox: 'allow-scripts allow-popups',
})

export const storedFileContentSecurityPolicy = "default-src 'none'; sandbox"
export const storedPdfContentSecurityPolicy = "default-src 'none'; frame-ancestors 'self'; sandbox"

/** The microphone for the app itself (spoken answers, live sessions); every other device off. */
export const permissionsPolicy = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ')

const apiPath = /^\/(api|school|exam|chat)(\/|$)/i
const storedPath = /^\/files\//i
// The key ends with the type read from the file's bytes when it was stored (stored-files.ts), never the uploader's name.
const storedPdfPath = /^\/files\/[^?#]*\.pdf$/i

export const securityHeadersFor = (path: string, options: SecurityHeaderOptions): Record<string, string> => {
  const stored = storedPath.test(path)
  const pdf = storedPdfPath.test(path)
  const docs = /^\/api\/docs\/?$/i.test(path)
  const headers: Record<string, string> = {
    'content-security-policy': pdf
      ? storedPdfContentSecurityPolicy
      : stored
        ? storedFileContentSecurityPolicy
        : docs
          ? apiDocsContentSecurityPolicy
          : appContentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': pdf ? 'SAMEORIGIN' : 'DENY',
  }
  if (options.publicUrl?.toLowerCase().startsWith('https:') === true) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  if (apiPath.test(path)) headers['cache-control'] = 'no-store'
  return headers
}

/**
 * Sets the headers of `path` on `response`, replacing any of the same name. The five sets (app,
 * API, API docs, stored files, stored PDFs) are worked out once, not on every answer.
 */
export const withSecurityHeaders = (options: SecurityHeaderOptions) => {
  const sets = {
    app: securityHeadersFor('/', options),
    api: securityHeadersFor('/api', options),
    docs: securityHeadersFor('/api/docs', options),
    stored: securityHeadersFor('/files/', options),
    storedPdf: securityHeadersFor('/files/.pdf', options),
  }
  const setOf = (path: string) =>
    storedPdfPath.test(path)
      ? sets.storedPdf
      : storedPath.test(path)
        ? sets.stored
        : /^\/api\/docs\/?$/i.test(path)
          ? sets.docs
          : apiPath.test(path)
            ? sets.api
            : sets.app
  return (path: string, response: HttpServerResponse.HttpServerResponse) => HttpServerResponse.setHeaders(response, setOf(path))
}
