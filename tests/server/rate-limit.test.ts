import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, login } from './support/http.ts'

describe.each(testDatabases)('sign-in rate limits on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start({ limits: { signInPerAccount: 10, signInPerAddress: 30 } } as never)
  })
  afterAll(() => server.close())

  it('after 10 failed sign-ins an account is paused (429), even for the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await login(server.url, { email: accounts.teacher2.email, password: `Wrong#${i}` })).body.responseCode).toBe(116)
    const paused = await login(server.url, accounts.teacher2, { language: 'ar-EG' })
    expect(paused.status).toBe(429)
    expect(paused.body.responseCode).toBe(142)
    expect(paused.body.responseMessage).toContain('محاولات')
    // How long to wait: the window (15 minutes) from the oldest counted attempt, in the header and
    // the envelope, and in the message in the language's digits.
    const wait = Number(paused.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(14 * 60)
    expect(wait).toBeLessThanOrEqual(15 * 60)
    expect((paused.body as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeCloseTo(wait, -1)
    expect(paused.body.responseMessage).toBe('محاولات كثيرة. يرجى المحاولة مرة أخرى بعد ١٥ دقيقة.')
    const inEnglish = await login(server.url, accounts.teacher2)
    expect(inEnglish.body.responseMessage).toBe('Too many attempts. Please try again in 15 minutes.')
    // Other accounts are not affected.
    expect((await login(server.url, accounts.teacher)).body.responseCode).toBe(200)
  })

  it('an address gets at most 30 attempts in the window', async () => {
    // 13 attempts were counted above (every attempt from an unknown device, a refused one too); 17 more reach the limit.
    for (let i = 0; i < 17; i++) expect((await login(server.url, { email: `x${i}@fasl.school`, password: 'Wrong#1' })).status).toBe(400)
    const refused = await login(server.url, accounts.supervisor)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
  })
})
