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
    // Other accounts are not affected.
    expect((await login(server.url, accounts.teacher)).body.responseCode).toBe(200)
  })

  it('an address gets at most 30 attempts in the window', async () => {
    // 12 attempts were counted above (every attempt from an unknown device, a refused one too); 18 more reach the limit.
    for (let i = 0; i < 18; i++) expect((await login(server.url, { email: `x${i}@fasl.school`, password: 'Wrong#1' })).status).toBe(400)
    expect((await login(server.url, accounts.supervisor)).status).toBe(429)
  })
})
