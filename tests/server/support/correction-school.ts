import { afterAll, beforeAll } from 'vitest'
import type { StartedServer } from '../../../server/app.ts'
import type { TestDatabase } from './databases.ts'
import { correctionCalls } from './exam-correction.ts'
import { examIds, type ExamIds } from './exams.ts'
import { accounts, signedIn } from './http.ts'
import { manualClock } from './manual-clock.ts'

const people = ['teacher', 'supervisor', 'student', 'student2'] as const
type Person = (typeof people)[number]

/** An object whose methods are those of `make()`'s answer, made at each call (after the server has started). */
const lazyCalls = <T extends object>(make: () => T): T => new Proxy({} as T, { get: (_, key) => make()[key as keyof T] })

/**
 * The demo school on `database` for a correction or results test, with the server's clock moved by
 * hand: started before the file's tests and closed after them (the caller's describe registers the
 * hooks), the demo teacher, supervisor and two students signed in, and each one's correction calls.
 * Read its fields inside tests or hooks only: they are set once the server has started.
 */
export const correctionSchool = (database: TestDatabase) => {
  const time = manualClock()
  const started: { server: StartedServer; ids: ExamIds; tokens: Record<Person, string> } = {
    server: undefined as unknown as StartedServer,
    ids: undefined as unknown as ExamIds,
    tokens: { teacher: '', supervisor: '', student: '', student2: '' },
  }
  beforeAll(async () => {
    started.server = await database.start({}, { clock: time.clock })
    started.ids = await examIds(started.server.db)
    for (const person of people) started.tokens[person] = (await signedIn(started.server.url, accounts[person])).accessToken
  })
  afterAll(() => started.server.close())
  return {
    time,
    get server() {
      return started.server
    },
    get ids() {
      return started.ids
    },
    tokens: started.tokens,
    /** Each one's correction calls, usable from the describe's body: each call is made when it is called. */
    calls: Object.fromEntries(people.map((person) => [person, lazyCalls(() => correctionCalls(started.server.url, started.tokens[person]))])) as Record<
      Person,
      ReturnType<typeof correctionCalls>
    >,
    /** The exam's stored status, read from the database (not through the API). */
    examStatus: async (examId: number) => (await started.server.db.query<{ status: string }>('SELECT status FROM exams WHERE id = $1', [examId]))[0]!.status,
  }
}
