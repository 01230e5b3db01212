import type { StoredSession } from '../../machines/session.machine.ts'
import type { UserType } from '../../contracts/entities.ts'

/**
 * Where the session lives between page loads (spec §3): the tokens and expiry in localStorage, the
 * user (name, image — and the roles and user type, which the route guard needs) in sessionStorage.
 */
export const storageKeys = { accessToken: 'accessToken', tokenExpiration: 'tokenExpiration', refreshToken: 'refreshToken', user: 'user' } as const

interface StoredUser {
  readonly name: string
  readonly image: string | null
  readonly roles?: ReadonlyArray<string>
  readonly userType?: string
  /** Signed in with a one-time password: the banner asking for a new one survives a reload. */
  readonly mustChangePassword?: boolean
}

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const isUserType = (value: unknown): value is UserType => value === 'Teacher' || value === 'Admin' || value === 'SuperAdmin' || value === 'Student'

const withoutUserExpiry = new Date(0).toISOString()

/** A session restored from tokens alone (a new tab): its user and roles are not known yet. */
export const lacksUser = (value: StoredSession): boolean => value.tokenExpiration === withoutUserExpiry

/**
 * The tokens as every tab of this browser shares them (another tab may have renewed them); a
 * missing expiry reads as already passed.
 */
export const sharedTokens = (local: Pick<Storage, 'getItem'>): Pick<StoredSession, 'accessToken' | 'refreshToken' | 'tokenExpiration'> | null => {
  const accessToken = local.getItem(storageKeys.accessToken)
  const refreshToken = local.getItem(storageKeys.refreshToken)
  return accessToken && refreshToken ? { accessToken, refreshToken, tokenExpiration: local.getItem(storageKeys.tokenExpiration) ?? withoutUserExpiry } : null
}

/**
 * The stored access token while it is good for another minute, else null: what boot's first reads
 * are asked with (one nearer its end would be renewed first, and the page's calls carry the new one).
 */
export const lastingStoredToken = (local: Pick<Storage, 'getItem'>): string | null => {
  const tokens = sharedTokens(local)
  return tokens !== null && Date.parse(tokens.tokenExpiration) - Date.now() > 60_000 ? tokens.accessToken : null
}

/**
 * Reads the stored session. Tokens without a user (a new tab: sessionStorage is per tab) come back
 * with an expiry in the past, so the session machine refreshes them and learns the roles again.
 */
export const loadSession = (local: KV, session: KV): StoredSession | null => {
  const tokens = sharedTokens(local)
  if (tokens === null) return null
  let user: StoredUser | null
  try {
    user = JSON.parse(session.getItem(storageKeys.user) ?? 'null') as StoredUser | null
  } catch {
    user = null
  }
  const complete = user !== null && typeof user.name === 'string' && Array.isArray(user.roles)
  return {
    ...tokens,
    tokenExpiration: complete ? tokens.tokenExpiration : withoutUserExpiry,
    roles: complete ? [...user!.roles!] : [],
    name: user?.name ?? '',
    image: user?.image ?? null,
    userType: isUserType(user?.userType) ? user.userType : 'Teacher',
    ...(user?.mustChangePassword === true ? { mustChangePassword: true } : {}),
  }
}

export const saveSession = (local: KV, session: KV, value: StoredSession | null) => {
  if (value === null) {
    for (const key of [storageKeys.accessToken, storageKeys.tokenExpiration, storageKeys.refreshToken]) local.removeItem(key)
    session.removeItem(storageKeys.user)
    return
  }
  local.setItem(storageKeys.accessToken, value.accessToken)
  local.setItem(storageKeys.tokenExpiration, value.tokenExpiration)
  local.setItem(storageKeys.refreshToken, value.refreshToken)
  const user: StoredUser = {
    name: value.name,
    image: value.image,
    roles: value.roles,
    userType: value.userType,
    ...(value.mustChangePassword === true ? { mustChangePassword: true } : {}),
  }
  session.setItem(storageKeys.user, JSON.stringify(user))
}

/** The spec's rule: the stored expiry has passed (an unreadable one counts as passed). */
export const isExpired = (tokenExpiration: string, now: number = Date.now()): boolean => {
  const at = Date.parse(tokenExpiration)
  return Number.isNaN(at) || at <= now
}

/**
 * The signed-in account's id, read from the access token's subject (the login data carries no id).
 * Only used to keep one device's data apart per account; the server verifies the token itself.
 */
export const accountIdOf = (accessToken: string | null): string | null => {
  const payload = accessToken?.split('.')[1]
  if (payload === undefined) return null
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }
    return typeof claims.sub === 'string' ? claims.sub : null
  } catch {
    return null
  }
}
