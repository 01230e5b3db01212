import { describe, expect, it } from 'vitest'
import type { StoredSession } from '../../machines/session.machine.ts'
import { refreshShared } from '../../src/session/shared-refresh.ts'
import { loadSession, saveSession } from '../../src/session/storage.ts'

const memory = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) }
}
/** An access token as the client reads it: only the subject matters here. */
const tokenOf = (account: string, n: number) => `h.${btoa(JSON.stringify({ sub: account, n }))}.s`
const later = new Date(Date.now() + 10 * 60_000).toISOString()
const earlier = new Date(Date.now() - 60_000).toISOString()

const pair = (account: string, n: number, tokenExpiration: string): StoredSession => ({
  accessToken: tokenOf(account, n),
  refreshToken: `refresh-${account}-${n}`,
  tokenExpiration,
  roles: ['Home'],
  name: 'Mona',
  image: null,
  userType: 'Teacher',
})

/** Records what the server was asked with, and answers a next pair. */
const server = () => {
  const asked: string[] = []
  const refresh = async (session: StoredSession) => {
    asked.push(session.refreshToken)
    return { ...session, ...pair('u1', 99, later), name: session.name }
  }
  return { asked, refresh }
}

/** This tab holds `mine`; the browser's shared storage holds `stored`. What does it ask the server with? */
const refreshWhile = async (stored: StoredSession, mine: StoredSession) => {
  const local = memory()
  saveSession(local, memory(), stored)
  const { asked, refresh } = server()
  const result = await refreshShared(local, refresh)(mine)
  return { asked, result }
}

describe('refreshing a pair that every tab shares', () => {
  it('refreshes its own pair when no other tab renewed it', async () => {
    const mine = pair('u1', 1, earlier)
    expect((await refreshWhile(mine, mine)).asked).toEqual(['refresh-u1-1'])
  })

  it('takes the pair another tab renewed, without a call, while it is valid', async () => {
    const { asked, result } = await refreshWhile(pair('u1', 2, later), pair('u1', 1, earlier))
    expect(asked).toEqual([])
    expect(result).toMatchObject({ refreshToken: 'refresh-u1-2', tokenExpiration: later, name: 'Mona', roles: ['Home'] })
  })

  it('refreshes with the newer pair, never its spent one, when that has expired too', async () => {
    expect((await refreshWhile(pair('u1', 2, earlier), pair('u1', 1, earlier))).asked).toEqual(['refresh-u1-2'])
  })

  it('refreshes with the newer pair when this tab still has to learn its user (a new tab)', async () => {
    const local = memory()
    saveSession(local, memory(), pair('u1', 1, later))
    const newTab = loadSession(local, memory())!
    expect((await refreshWhile(pair('u1', 2, later), newTab)).asked).toEqual(['refresh-u1-2'])
  })

  it('ignores a pair of another account, signed in meanwhile in another tab', async () => {
    expect((await refreshWhile(pair('u2', 1, later), pair('u1', 1, earlier))).asked).toEqual(['refresh-u1-1'])
  })
})
