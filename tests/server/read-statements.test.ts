import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CorrectionList, StudentHomework } from '../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { demoIds, type DemoIds } from './support/homework.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { api, get, homeworkAround, insertHomework } from './support/submissions.ts'

const writes = /^\s*(?:\/\*.*?\*\/\s*)?(update|insert|delete)\b/i

/**
 * The hot reads take few statements: the correction list reads the caller's right to the homework,
 * then its students with their work, in one statement; a repeat open of homework already in
 * progress only reads (her target, her work), with no second read of the work.
 */
describe.each(testDatabases)('hot reads take a fixed, small number of statements, on $name', (database) => {
  let server: StartedServer
  let ids: DemoIds
  let teacher: string
  let student: string
  let recording: string[] | null = null

  beforeAll(async () => {
    server = await database.start({}, { onStatement: (sql) => recording?.push(sql) })
    ids = await demoIds(server.db)
    teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    student = (await signedIn(server.url, accounts.student)).accessToken
  })
  afterAll(() => server.close())

  const recorded = async <T>(request: () => Promise<T>) => {
    await request() // the caller's account is read (and kept two seconds) on the first call only
    recording = []
    const answer = await request()
    const statements = recording
    recording = null
    return { answer, statements }
  }

  it('the correction list: two statements (the right to the homework, then its students with their work), no write', async () => {
    const homework = await insertHomework(server.url, teacher, homeworkAround(Date.now(), ids.roomA, ids.mathematics, 24, { title: 'Two statements' }))
    const { answer, statements } = await recorded(() => get<CorrectionList>(server.url, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homework.id}`, teacher))
    expect(answer.body.responseCode).toBe(200)
    expect(answer.body.responseData.students.length).toBe(ids.studentsOfA.length)
    expect(statements.filter((sql) => writes.test(sql))).toEqual([])
    expect(statements.length).toBe(2)
  })

  it('a repeat open of homework in progress only reads: her target and her work, once, with or without an Idempotency-Key (none is kept)', async () => {
    const homework = await insertHomework(server.url, teacher, homeworkAround(Date.now(), ids.roomA, ids.mathematics, 24, { title: 'Opened twice' }))
    const open = (idempotencyKey?: string) =>
      call<StudentHomework>(server.url, 'POST', `${api}/Student/OpenHomework`, { homeworkId: homework.id }, { token: student, idempotencyKey })
    const first = await open(randomUUID())
    expect(first.body.responseCode).toBe(200)

    const bare = await recorded(() => open())
    expect(bare.answer.body).toEqual(first.body)
    expect(bare.statements.length).toBe(2)
    expect(bare.statements.filter((sql) => writes.test(sql))).toEqual([])

    // Opening is idempotent by nature, so a key sent anyway is neither claimed nor kept: the same two reads.
    const keyed = await recorded(() => open(randomUUID()))
    expect(keyed.answer.body).toEqual(first.body)
    expect(keyed.statements.length).toBe(2)
    expect(keyed.statements.filter((sql) => writes.test(sql))).toEqual([])
  })
})
