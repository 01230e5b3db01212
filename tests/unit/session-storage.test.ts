import { describe, expect, it } from 'vitest'
import { accountIdOf, isExpired, loadSession, saveSession } from '../../src/session/storage.ts'
import { checkVersion, isNewerVersion, reloadFlagKey } from '../../src/boot/version-check.ts'

const memory = () => {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  }
}

const login = {
  accessToken: 'a',
  refreshToken: 'r',
  tokenExpiration: '2030-01-01T00:00:00.000Z',
  roles: ['Home'],
  name: 'Mona',
  image: null,
  userType: 'Teacher' as const,
}

describe('session storage', () => {
  it('keeps tokens in localStorage and the user in sessionStorage, and reads them back', () => {
    const local = memory()
    const session = memory()
    saveSession(local, session, login)
    expect([...local.data.keys()].sort()).toEqual(['accessToken', 'refreshToken', 'tokenExpiration'])
    expect(JSON.parse(session.data.get('user')!)).toMatchObject({ name: 'Mona', image: null })
    expect(loadSession(local, session)).toEqual(login)
  })
  it('keeps the one-time-password mark across a reload, and only when it is set', () => {
    const local = memory()
    const session = memory()
    saveSession(local, session, { ...login, mustChangePassword: true })
    expect(loadSession(local, session)).toEqual({ ...login, mustChangePassword: true })
    saveSession(local, session, login)
    expect(loadSession(local, session)).toEqual(login)
  })
  it('clears everything on sign-out', () => {
    const local = memory()
    const session = memory()
    saveSession(local, session, login)
    saveSession(local, session, null)
    expect(local.data.size + session.data.size).toBe(0)
    expect(loadSession(local, session)).toBeNull()
  })
  it('treats tokens without a user (a new tab) as expired, so they are refreshed', () => {
    const local = memory()
    saveSession(local, memory(), login)
    expect(loadSession(local, memory())?.tokenExpiration).toBe(new Date(0).toISOString())
  })
  it('an expiry that has passed (or cannot be read) is expired', () => {
    expect(isExpired('2020-01-01T00:00:00Z', Date.parse('2020-01-01T00:00:01Z'))).toBe(true)
    expect(isExpired('2020-01-01T00:00:02Z', Date.parse('2020-01-01T00:00:01Z'))).toBe(false)
    expect(isExpired('nonsense')).toBe(true)
  })
})

describe('version check', () => {
  it('compares versions numerically', () => {
    expect(isNewerVersion('0.10.0', '0.9.9')).toBe(true)
    expect(isNewerVersion('0.1.0', '0.1.0')).toBe(false)
    expect(isNewerVersion('0.1.0', '0.2.0')).toBe(false)
  })
  const env = (version: string, session = memory()) => {
    const calls: string[] = []
    return {
      calls,
      session,
      env: {
        builtVersion: '0.1.0',
        session,
        fetchMeta: async () => ({ version }),
        clearCaches: async () => void calls.push('clear'),
        reload: () => void calls.push('reload'),
      },
    }
  }
  it('clears caches and reloads when the server is newer', async () => {
    const { env: e, calls } = env('0.2.0')
    expect(await checkVersion(e)).toBe('reloading')
    expect(calls).toEqual(['clear', 'reload'])
  })
  it('does not reload twice for the same server version (no reload loop)', async () => {
    const session = memory()
    session.setItem(reloadFlagKey, '0.2.0')
    const { env: e, calls } = env('0.2.0', session)
    expect(await checkVersion(e)).toBe('ok')
    expect(calls).toEqual([])
  })
  it('renders when the version file cannot be read', async () => {
    const { env: e } = env('x')
    expect(await checkVersion({ ...e, fetchMeta: () => Promise.reject(new Error('offline')) })).toBe('ok')
  })
})

describe('accountIdOf', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`
  it('reads the subject of an access token', () => {
    expect(accountIdOf(token({ sub: '0b8c6f9e-1234-4d1a-9a8e-0c2f1e2d3c4b', typ: 'Teacher' }))).toBe('0b8c6f9e-1234-4d1a-9a8e-0c2f1e2d3c4b')
  })
  it('answers null for no token, a malformed one, or one without a subject', () => {
    expect(accountIdOf(null)).toBeNull()
    expect(accountIdOf('not-a-jwt')).toBeNull()
    expect(accountIdOf(token({ typ: 'Teacher' }))).toBeNull()
  })
})
