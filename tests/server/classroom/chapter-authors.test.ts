import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chapter, ChapterWithTopics, Topic } from '../../../plugins/classroom/contract/chapters-api.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { seedSecondSchool, secondSchool } from '../support/second-school.ts'

const api = '/school/api'

/**
 * Chapters and topics are read by every teacher of their subject, but changed only by the chapter's
 * author or the school's admin: another teacher's rename or delete silently unlinked the author's
 * homework. The teacher and the supervisor both teach Grade 4 A's Mathematics.
 */
describe.each(testDatabases)("only a chapter's author or the school's admin changes it and its topics, on $name", (database) => {
  let server: StartedServer
  let base: string
  const tokens = { teacher: '', supervisor: '', admin: '', secondAdmin: '' }
  let mathematics: number
  let semesterId: number

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(base, accounts.supervisor)).accessToken
    tokens.admin = (await signedIn(base, accounts.admin)).accessToken
    tokens.secondAdmin = (await signedIn(base, secondSchool.admin)).accessToken
    const [school] = await server.db.query<{ school_id: number }>('SELECT school_id FROM users WHERE email = $1', [accounts.teacher.email])
    mathematics = (await server.db.query<{ id: number }>(`SELECT id FROM subjects WHERE school_id = $1 AND name_en = 'Mathematics'`, [school!.school_id]))[0]!
      .id
    semesterId = (await server.db.query<{ id: number }>('SELECT id FROM semesters WHERE school_id = $1 ORDER BY sort LIMIT 1', [school!.school_id]))[0]!.id
  })
  afterAll(() => server.close())

  const get = <T>(path: string, token: string) => call<T>(base, 'GET', api + path, undefined, { token })
  const post = <T>(path: string, body: unknown, token: string) => call<T>(base, 'POST', api + path, body, { token, idempotencyKey: randomUUID() })
  const list = (token: string) => get<Chapter[]>(`/Chapters/List?SubjectID=${mathematics}&SemesterID=${semesterId}`, token)
  const rows = () => server.db.query('SELECT id, name FROM chapters UNION ALL SELECT id, name FROM topics ORDER BY id, name')
  const authored = async (name: string, token = tokens.teacher) => {
    const chapter = (await post<Chapter>('/Chapters/CreateChapter', { subjectId: mathematics, semesterId, name }, token)).body.responseData
    const topic = (await post<Topic>('/Topics/Create', { chapterId: chapter.id, name: `${name} topic` }, token)).body.responseData
    return { chapter, topic }
  }

  it('every teacher of the subject reads the chapter and its topics; the answer says whether the caller may change it', async () => {
    const { chapter, topic } = await authored('Fractions')
    expect(chapter.editable).toBe(true)
    expect((await list(tokens.teacher)).body.responseData.find((one) => one.id === chapter.id)?.editable).toBe(true)
    expect((await list(tokens.supervisor)).body.responseData.find((one) => one.id === chapter.id)).toEqual({ ...chapter, editable: false })
    expect((await get<Topic[]>(`/Topics/List?ChapterID=${chapter.id}`, tokens.supervisor)).body.responseData).toEqual([topic])
    const current = (token: string) => get<ChapterWithTopics[]>(`/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${mathematics}`, token)
    for (const [token, editable] of [
      [tokens.teacher, true],
      [tokens.supervisor, false],
    ] as const)
      for (const one of (await current(token)).body.responseData) expect(one.editable, `chapter ${one.id}`).toBe(editable)
  })

  it("another teacher of the subject cannot rename or delete the chapter, nor add, rename or delete its topics (404, as another teacher's homework), and nothing changes", async () => {
    const { chapter, topic } = await authored('Decimals')
    const before = await rows()
    const refused = [
      await post('/Chapters/Update', { id: chapter.id, name: 'Taken over' }, tokens.supervisor),
      await post('/Chapters/Delete', { id: chapter.id }, tokens.supervisor),
      await post('/Topics/Create', { chapterId: chapter.id, name: 'Added' }, tokens.supervisor),
      await post('/Topics/Update', { id: topic.id, name: 'Taken over' }, tokens.supervisor),
      await post('/Topics/Delete', { id: topic.id }, tokens.supervisor),
    ]
    for (const answer of refused) expect(answer.body).toMatchObject({ responseCode: 404, responseData: null })
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404])
    expect(await rows()).toEqual(before)
    // Her own chapter in the same subject is hers to change, and not the teacher's.
    const hers = await authored('Geometry', tokens.supervisor)
    expect((await post<Chapter>('/Chapters/Update', { id: hers.chapter.id, name: 'Shapes' }, tokens.supervisor)).body.responseData).toMatchObject({
      name: 'Shapes',
      editable: true,
    })
    expect((await post('/Chapters/Delete', { id: hers.chapter.id }, tokens.teacher)).status).toBe(404)
    expect((await list(tokens.teacher)).body.responseData.find((one) => one.id === hers.chapter.id)?.editable).toBe(false)
  })

  it("the school's admin renames and deletes any of its chapters and topics; another school's admin gets 404", async () => {
    const { chapter, topic } = await authored('Measures')
    const before = await rows()
    for (const answer of [
      await post('/Chapters/Update', { id: chapter.id, name: 'Elsewhere' }, tokens.secondAdmin),
      await post('/Topics/Delete', { id: topic.id }, tokens.secondAdmin),
    ])
      expect(answer.status).toBe(404)
    expect(await rows()).toEqual(before)

    expect((await post<Chapter>('/Chapters/Update', { id: chapter.id, name: 'Lengths' }, tokens.admin)).body.responseData).toMatchObject({
      id: chapter.id,
      name: 'Lengths',
    })
    expect((await post<Topic>('/Topics/Update', { id: topic.id, name: 'Metres' }, tokens.admin)).body.responseData).toEqual({ ...topic, name: 'Metres' })
    const added = (await post<Topic>('/Topics/Create', { chapterId: chapter.id, name: 'Miles' }, tokens.admin)).body.responseData
    expect(added).toMatchObject({ chapterId: chapter.id, name: 'Miles' })
    expect((await post('/Topics/Delete', { id: added.id }, tokens.admin)).body.responseCode).toBe(200)
    expect((await post('/Chapters/Delete', { id: chapter.id }, tokens.admin)).body.responseCode).toBe(200)
    expect(await server.db.query('SELECT 1 FROM chapters WHERE id = $1', [chapter.id])).toEqual([])
  })
})
