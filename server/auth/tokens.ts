import { createHash, randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Caller } from '../../contracts/api.ts'
import type { UserType } from '../../contracts/entities.ts'

/** Opaque random tokens (refresh, reset, sign-in links): only their SHA-256 is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url')
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface AccessTokens {
  readonly sign: (caller: Caller, ttlSeconds: number) => Promise<{ token: string; expiresAt: Date }>
  readonly verify: (token: string) => Promise<Caller | null>
}

/** Short-lived HS256 access tokens; the key is loaded once at start-up. */
export const accessTokens = (secret: string): AccessTokens => {
  const key = new TextEncoder().encode(secret)
  return {
    sign: async (caller, ttlSeconds) => {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
      const token = await new SignJWT({ sch: caller.schoolId, typ: caller.userType, roles: caller.roles, sid: caller.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.userId)
        .setJti(randomBytes(9).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key)
      return { token, expiresAt }
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
        return {
          userId: payload.sub,
          schoolId: Number(payload.sch),
          userType: payload.typ as UserType,
          roles: Array.isArray(payload.roles) ? (payload.roles as string[]) : [],
          sessionId: payload.sid,
        }
      } catch {
        return null
      }
    },
  }
}
