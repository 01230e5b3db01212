import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Links to stored files that are not public (today: profile images). A browser loads them with
 * <img>, which sends no Authorization header, so the server hands out signed, expiring links
 * instead (as S3's presigned URLs): `/files/<key>?exp=<unix seconds>&sig=<HMAC-SHA256>`, signed
 * with the server's key. A link is put only into answers to callers allowed to see the file (the
 * owner's profile and sign-in answers; the same school's members when class lists show faces), and
 * the file route serves nothing without a valid, unexpired one (403): a signed-out guess of a path,
 * an old link or one whose path was changed is refused. No cookie is needed, so nothing changes
 * about how the app holds its session.
 *
 * Expiry falls on 12-hour boundaries, 12 to 24 hours ahead: a link handed out at sign-in outlives
 * the sign-in (at most 12 hours), and all links made in one window are the same URL, so the
 * browser's cache keeps working.
 */
export interface FileLinks {
  /**
   * The signed link of a stored file's path (`/files/…`); any other value is returned as it is.
   * `downloadName` (a student's own file name) rides in the link as `name=`, covered by the signature.
   */
  readonly sign: (path: string | null, nowMs?: number, downloadName?: string) => string | null
  /** Whether `query` (the part after `?`) holds a valid, unexpired signature of `path`. */
  readonly verify: (path: string, query: string, nowMs?: number) => boolean
}

const windowSeconds = 12 * 60 * 60

export const fileLinks = (secret: string): FileLinks => {
  const signature = (path: string, expires: number, name: string | null) =>
    createHmac('sha256', `file-links:${secret}`)
      .update(name === null ? `${path}\n${expires}` : `${path}\n${expires}\n${name}`)
      .digest('base64url')
  return {
    sign: (path, nowMs = Date.now(), downloadName) => {
      if (path === null || !path.startsWith('/files/')) return path
      const expires = (Math.floor(nowMs / 1000 / windowSeconds) + 2) * windowSeconds
      const name = downloadName === undefined ? '' : `&name=${encodeURIComponent(downloadName)}`
      return `${path}?exp=${expires}${name}&sig=${signature(path, expires, downloadName ?? null)}`
    },
    verify: (path, query, nowMs = Date.now()) => {
      const params = new URLSearchParams(query)
      const expires = Number(params.get('exp'))
      const given = Buffer.from(params.get('sig') ?? '')
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false
      const expected = Buffer.from(signature(path, expires, params.get('name')))
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
