import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { hashToken } from '../../server/auth/tokens.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn, type LoginData } from './support/http.ts'

describe.each(testDatabases)('housekeeping prunes ended sign-ins and dead link tokens, and keeps live ones, on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start()
  })
  afterAll(() => server.close())

  const familyOf = async (refreshToken: string) =>
    (await server.db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [hashToken(refreshToken)]))[0]!.family_id
  const refresh = (refreshToken: string) => call<LoginData>(server.url, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...webClient })
  const count = async (table: string, where: string, params: ReadonlyArray<unknown>) =>
    (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!.n

  it('families revoked or expired over a day ago go with their tokens; a live family keeps its rotated tokens for reuse detection; used or expired links go after a day', async () => {
    const live = await signedIn(server.url, accounts.teacher)
    const rotatedOnce = (await refresh(live.refreshToken)).body.responseData
    const revokedLongAgo = await signedIn(server.url, accounts.teacher)
    const expiredLongAgo = await signedIn(server.url, accounts.teacher)
    const revokedToday = await signedIn(server.url, accounts.teacher)
    const [liveFamily, oldRevoked, oldExpired, newRevoked] = await Promise.all(
      [live, revokedLongAgo, expiredLongAgo, revokedToday].map((login) => familyOf(login.refreshToken)),
    )
    await server.db.query(`UPDATE session_families SET revoked_at = now() - interval '2 days', revoked_reason = 'test' WHERE id = $1`, [oldRevoked])
    await server.db.query(`UPDATE session_families SET absolute_expires_at = now() - interval '2 days' WHERE id = $1`, [oldExpired])
    await server.db.query(`UPDATE session_families SET revoked_at = now() - interval '1 hour', revoked_reason = 'test' WHERE id = $1`, [newRevoked])

    const [teacher] = await server.db.query<{ id: string; school_id: number }>('SELECT id, school_id FROM users WHERE email = $1', [accounts.teacher.email])
    const link = (name: string, expires: string, used: string | null) =>
      server.db.query(
        `INSERT INTO link_tokens (token_hash, user_id, school_id, purpose, created_at, expires_at, used_at) VALUES ($1, $2, $3, 'reset', now() - interval '3 days', now() + $4::interval, now() + $5::interval)`,
        [`retention-${name}`, teacher!.id, teacher!.school_id, expires, used],
      )
    await link('open', '1 hour', null)
    await link('used-long-ago', '1 hour', '-2 days')
    await link('expired-long-ago', '-2 days', null)
    await link('used-just-now', '1 hour', '-1 hour')
    await link('expired-just-now', '-1 hour', null)

    await server.prune()

    const families = [liveFamily, oldRevoked, oldExpired, newRevoked]
    expect(await Promise.all(families.map((id) => count('session_families', 'id = $1', [id])))).toEqual([1, 0, 0, 1])
    expect(await Promise.all(families.map((id) => count('refresh_tokens', 'family_id = $1', [id])))).toEqual([2, 0, 0, 1])
    expect(
      (await server.db.query<{ token_hash: string }>(`SELECT token_hash FROM link_tokens WHERE token_hash LIKE 'retention-%' ORDER BY token_hash`)).map(
        (row) => row.token_hash,
      ),
    ).toEqual(['retention-expired-just-now', 'retention-open', 'retention-used-just-now'])

    // The live sign-in goes on; its rotated token, kept, still reveals a copy and ends the family.
    expect((await refresh(rotatedOnce.refreshToken)).body.responseCode).toBe(200)
    expect((await refresh(live.refreshToken)).body.responseCode).toBe(109)
    expect(await count('session_families', 'id = $1 AND revoked_at IS NOT NULL', [liveFamily])).toBe(1)
    // A pruned sign-in's token is refused as an ended one was.
    expect((await refresh(revokedLongAgo.refreshToken)).body.responseCode).toBe(109)
  })
})
