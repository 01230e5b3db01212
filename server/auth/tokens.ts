import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Caller } from '../../contracts/api.ts'
import type { UserType } from '../../contracts/entities.ts'
import { fileLinks, type FileLinks } from './file-links.ts'

/** Opaque random tokens (refresh, reset, sign-in links): only their SHA-256 is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url')
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface AccessTokens {
  readonly sign: (caller: Caller, ttlSeconds: number) => Promise<{ token: string; expiresAt: Date }>
  readonly verify: (token: string) => Promise<Caller | null>
  /** The caller of a token this process verified before and that has not expired; undefined otherwise (then `verify`). */
  readonly peek: (token: string) => Caller | undefined
  /** Signed links to stored files that are not public, with the same key (file-links.ts). */
  readonly fileLinks: FileLinks
  /** A device token (OWASP's "device cookie") for a device that just signed in to `userId`. */
  readonly signDevice: (userId: string) => string
  /** The device's own id when `token` is a device token this server issued for `userId`, else null. */
  readonly verifyDevice: (token: string, userId: string) => string | null
}

const verifiedCacheSize = 10_000

/**
 * Short-lived HS256 access tokens. The key is made once at start-up, and a verified token is
 * remembered until it expires, so the hot read paths do not pay for HMAC on every request.
 */
export const accessTokens = (secret: string): AccessTokens => {
  const key = createSecretKey(Buffer.from(secret, 'utf8'))
  const verified = new Map<string, { caller: Caller; expiresAt: number }>()
  const deviceMac = (userId: string, deviceId: string) => createHmac('sha256', key.export()).update(`device:${userId}:${deviceId}`).digest('base64url')
  return {
    fileLinks: fileLinks(secret),
    signDevice: (userId) => {
      const deviceId = randomBytes(12).toString('base64url')
      return `${deviceId}.${deviceMac(userId, deviceId)}`
    },
    verifyDevice: (token, userId) => {
      const [deviceId, mac, ...rest] = token.split('.')
      if (deviceId === undefined || mac === undefined || rest.length > 0 || deviceId === '') return null
      const expected = Buffer.from(deviceMac(userId, deviceId))
      const given = Buffer.from(mac)
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null
    },
    sign: async (caller, ttlSeconds) => {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
      const claims = {
        sch: caller.schoolId,
        typ: caller.userType,
        roles: caller.roles,
        sid: caller.sessionId,
        ...(caller.passwordChangeRequired === true ? { pcr: true } : {}),
      }
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.userId)
        .setJti(randomBytes(9).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key)
      return { token, expiresAt }
    },
    peek: (token) => {
      const known = verified.get(token)
      return known !== undefined && known.expiresAt > Date.now() ? known.caller : undefined
    },
    verify: async (token) => {
      const known = verified.get(token)
      if (known !== undefined) {
        if (known.expiresAt > Date.now()) return known.caller
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null
        const caller: Caller = {
          userId: payload.sub,
          schoolId: Number(payload.sch),
          userType: payload.typ as UserType,
          roles: Array.isArray(payload.roles) ? (payload.roles as string[]) : [],
          sessionId: payload.sid,
          ...(payload.pcr === true ? { passwordChangeRequired: true } : {}),
        }
        // Oldest first out: a Map keeps insertion order.
        if (verified.size >= verifiedCacheSize) verified.delete(verified.keys().next().value!)
        verified.set(token, { caller, expiresAt: payload.exp * 1000 })
        return caller
      } catch {
        return null
      }
    },
  }
}
