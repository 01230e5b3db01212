import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExamBuilderOptions } from '../../../plugins/exams/contract/builder-options-api.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { seedSecondSchool, secondSchool } from '../support/second-school.ts'

const path = '/exam/api/ExamBuilder/GetExamBuilderOptions'

/** What a new exam is built from: the caller's grades with her class rooms, and her school's teachers who may correct. */
describe.each(testDatabases)('the exam builder’s choices on $name', (database) => {
  let server: StartedServer
  let ids: DemoIds

  beforeAll(async () => {
    server = await database.start()
    ids = await demoIds(server.db)
    await seedSecondSchool(server.db)
  })
  afterAll(() => server.close())

  const options = async (account: { email: string; password: string }, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<ExamBuilderOptions>(server.url, 'GET', path, undefined, { token: (await signedIn(server.url, account)).accessToken, language })

  it('the teacher gets the grades of her class rooms (each with those rooms) in her language, and the Exams-role teachers of her school', async () => {
    const answer = await options(accounts.teacher, 'ar-EG')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { stages, candidates } = answer.body.responseData
    const rooms = stages.flatMap((stage) => stage.classRoomIds)
    expect(rooms).toEqual(expect.arrayContaining([ids.roomA, ids.roomB]))
    expect(rooms).not.toContain(ids.roomScience)
    const [roomsStage] = await server.db.query<{ stage_id: number }>('SELECT stage_id FROM class_rooms WHERE id = $1', [ids.roomA])
    expect(stages.find((stage) => stage.classRoomIds.includes(ids.roomA))?.id).toBe(roomsStage!.stage_id)
    expect(stages.every((stage) => /[\u0600-\u06ff]/u.test(stage.name))).toBe(true)
    const emails = await server.db.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE id = ANY($1::uuid[])', [candidates.map((c) => c.id)])
    const named = emails.map((row) => row.email)
    // teacher2 holds no Exams role; the second school's teacher is another school's; the admin is no teacher.
    expect(named).toEqual(expect.arrayContaining([accounts.teacher.email, accounts.supervisor.email]))
    expect(named).not.toContain(accounts.teacher2.email)
    expect(named).not.toContain(secondSchool.teacher.email)
    expect(named).not.toContain(accounts.admin.email)
  })

  it('another school’s teacher sees only her own school’s; a teacher without the Exams role and a student are refused', async () => {
    const second = await options(secondSchool.teacher)
    expect(second.status).toBe(200)
    const emails = (
      await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = ANY($1::uuid[])', [second.body.responseData.candidates.map((c) => c.id)])
    ).map((row) => row.email)
    expect(emails).toEqual([secondSchool.teacher.email])
    expect((await options(accounts.teacher2)).status).toBe(403)
    expect((await options(accounts.student)).status).toBe(403)
  })
})
