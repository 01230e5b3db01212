import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { StartedServer } from '../../../server/app.ts'
import type { TestDatabase, TestServices } from './databases.ts'
import { call } from './http.ts'
import { tenancyProblem, type Statement } from './tenancy-check.ts'

/** One id-taking call a test makes with ids the caller may not use. */
export type Attempt = readonly [method: 'GET' | 'POST', path: string, body?: unknown]

/** A test server whose statements are recorded while a refused call runs, so each can be checked for tenancy. */
export interface RecordingServer {
  readonly server: StartedServer
  /**
   * Makes every call in `attempts` (under `prefix`) with `token` and expects each refused with one of
   * `statuses`, every statement it ran bound to `schoolId`, and `unchanged()` the same before and after.
   */
  readonly expectAllRefused: (
    refusal: { token: string; schoolId: number; statuses: number | ReadonlyArray<number>; unchanged: () => Promise<unknown> },
    attempts: ReadonlyArray<Attempt>,
    prefix?: string,
  ) => Promise<void>
}

export const startRecordingServer = async (database: TestDatabase, services: Omit<TestServices, 'onStatement'> = {}): Promise<RecordingServer> => {
  let recording: Statement[] | null = null
  const server = await database.start({}, { ...services, onStatement: (sql, params) => recording?.push({ sql, params }) })
  return {
    server,
    expectAllRefused: async ({ token, schoolId, statuses, unchanged }, attempts, prefix = '/school/api') => {
      const allowed = typeof statuses === 'number' ? [statuses] : statuses
      const before = await unchanged()
      for (const [method, path, body] of attempts) {
        recording = []
        const answer = await call(server.url, method, prefix + path, body, { token, idempotencyKey: method === 'POST' ? randomUUID() : undefined })
        const statements = recording
        recording = null
        expect(allowed, `${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status)
        expect(answer.body.responseCode).not.toBe(200)
        expect(statements.map((statement) => tenancyProblem(statement, schoolId)).filter((problem) => problem !== null)).toEqual([])
      }
      expect(await unchanged()).toEqual(before)
    },
  }
}
