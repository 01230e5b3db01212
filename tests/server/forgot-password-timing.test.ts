import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'

const pairs = 30
const mailWorkMs = 40

/** Makes the mail work slow, as a busy database or mail server would: each outbox write holds the server 40 ms. */
const slowOutbox = (sql: string) => {
  if (!/INSERT INTO outbox/i.test(sql)) return
  const until = performance.now() + mailWorkMs
  while (performance.now() < until) {
    // busy: the whole process is held, like work that sits in the answer's path
  }
}

describe.each(testDatabases)('forgot password on $name', (database) => {
  let server: StartedServer
  let base: string
  beforeAll(async () => {
    server = await database.start({ limits: { resetPerAccount: 10_000 } } as never, { onStatement: slowOutbox })
    base = server.url
  })
  afterAll(() => server.close())

  const timed = async (email: string) => {
    const started = performance.now()
    const answer = await call(base, 'POST', '/api/Auth/ForgetPassword', { email, ...webClient })
    expect(answer.body.responseCode).toBe(200)
    return performance.now() - started
  }

  it('answers before any mail work, so its timing does not tell which emails exist', async () => {
    await timed('warm-up@fasl.school')
    let knownSlower = 0
    for (let i = 0; i < pairs; i++) {
      // Alternating which goes first, with a pause for the detached mail work of the previous one.
      const knownFirst = i % 2 === 0
      const first = await timed(knownFirst ? accounts.teacher.email : `nobody${i}@fasl.school`)
      await new Promise((resolve) => setTimeout(resolve, 100 + mailWorkMs + 40))
      const second = await timed(knownFirst ? `nobody${i}@fasl.school` : accounts.teacher.email)
      await new Promise((resolve) => setTimeout(resolve, 100 + mailWorkMs + 40))
      const [known, unknown] = knownFirst ? [first, second] : [second, first]
      if (known > unknown) knownSlower++
    }
    // A sign test: with no difference the known email is slower in about half of the pairs; 24 of 30
    // or more happens by chance once in ~1,500 runs. Mail work in the answer makes it 30 of 30 here.
    // (The pauses let the previous request's mail work, 100 ms after its answer, finish first.)
    expect(knownSlower).toBeLessThan(24)

    // The mail still goes out, just after the answer.
    const adminToken = (await signedIn(base, accounts.admin)).accessToken
    await vi.waitFor(async () => {
      const mails = (await call<unknown[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(accounts.teacher.email)}`, undefined, { token: adminToken })).body.responseData
      expect(mails.length).toBe(pairs)
    })
  })
})
