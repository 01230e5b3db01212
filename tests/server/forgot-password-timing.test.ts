import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import { mailAfterAnswerMs } from '../../server/api/auth.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const pairs = 20
const mailWorkMs = 150

/** Makes the mail work slow, as a busy database or mail server would: each outbox write holds the whole server 150 ms. */
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
    const known: number[] = []
    const unknown: number[] = []
    const pause = () => new Promise((resolve) => setTimeout(resolve, mailAfterAnswerMs + mailWorkMs + 60))
    for (let i = 0; i < pairs; i++) {
      // Alternating which goes first, with a pause for the detached mail work of the previous one.
      const knownFirst = i % 2 === 0
      const first = await timed(knownFirst ? accounts.teacher.email : `nobody${i}@fasl.school`)
      await pause()
      const second = await timed(knownFirst ? `nobody${i}@fasl.school` : accounts.teacher.email)
      await pause()
      known.push(knownFirst ? first : second)
      unknown.push(knownFirst ? second : first)
    }
    // With the mail work in the answer's path every known answer takes 150 ms more, so the medians
    // differ by at least that; answered first, they differ by noise only (well under a millisecond on a
    // quiet machine, a few on a loaded one). The bound sits far from both, so a busy CI cannot flip it.
    expect(median(known) - median(unknown)).toBeLessThan(mailWorkMs / 3)

    // The mail still goes out, just after the answer.
    const adminToken = (await signedIn(base, accounts.admin)).accessToken
    await vi.waitFor(async () => {
      const mails = (
        await call<unknown[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(accounts.teacher.email)}`, undefined, { token: adminToken })
      ).body.responseData
      expect(mails.length).toBe(pairs)
    })
  })
})
