import { randomUUID } from 'node:crypto'
import { Effect } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chapter, ChapterWithTopics, SemesterOption, Topic } from '../../../plugins/classroom/contract/chapters-api.ts'
import type { StartedServer } from '../../../server/app.ts'
import { Db, dbService } from '../../../server/services/db.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn, type Answer, type CallOptions } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { seedSecondSchool, secondSchool, type SecondSchool } from '../support/second-school.ts'

const api = '/school/api'

describe.each(testDatabases)('chapters and topics per subject and semester on $name', (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  const time = manualClock()
  const tokens = { teacher: '', supervisor: '', secondTeacher: '' }
  // The teacher's Grade 4 A, its Mathematics, the supervisor's Physics (Grade 10 only) and the semesters.
  let classRoomId: number
  let mathematics: number
  let physics: number
  let semesters: Array<{ id: number; starts_on: string }>

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    base = server.url
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(base, accounts.supervisor)).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    const [school] = await server.db.query<{ school_id: number }>(`SELECT school_id FROM users WHERE email = $1`, [accounts.teacher.email])
    classRoomId = (
      await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE school_id = $1 AND division_en = 'A' ORDER BY id LIMIT 1`, [school!.school_id])
    )[0]!.id
    const subjectId = async (name: string) =>
      (await server.db.query<{ id: number }>('SELECT id FROM subjects WHERE school_id = $1 AND name_en = $2', [school!.school_id, name]))[0]!.id
    mathematics = await subjectId('Mathematics')
    physics = await subjectId('Physics')
    semesters = await server.db.query<{ id: number; starts_on: string }>(
      `SELECT id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM semesters WHERE school_id = $1 ORDER BY sort`,
      [school!.school_id],
    )
  })
  afterAll(() => server.close())

  const get = <T>(path: string, token = tokens.teacher, options: CallOptions = {}) => call<T>(base, 'GET', api + path, undefined, { token, ...options })
  const post = <T>(path: string, body: unknown, token = tokens.teacher, options: CallOptions = {}) =>
    call<T>(base, 'POST', api + path, body, { token, ...options })
  const createChapter = (name: string, subjectId = mathematics, semesterId = semesters[0]!.id, token = tokens.teacher) =>
    post<Chapter>('/Chapters/CreateChapter', { subjectId, semesterId, name }, token)
  const listChapters = (subjectId = mathematics, semesterId = semesters[0]!.id, token = tokens.teacher) =>
    get<Chapter[]>(`/Chapters/List?SubjectID=${subjectId}&SemesterID=${semesterId}`, token)
  const tableCounts = async () =>
    (
      await server.db.query<{ chapters: number; topics: number }>(
        'SELECT (SELECT count(*)::int FROM chapters) AS chapters, (SELECT count(*)::int FROM topics) AS topics',
      )
    )[0]!

  it('the drop-down lists the configured semesters in order, in the caller language', async () => {
    const english = await get<SemesterOption[]>(`/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${classRoomId}`)
    expect(english.status).toBe(200)
    expect(english.body.responseData.map((semester) => semester.name)).toEqual(['First semester', 'Second semester'])
    expect(english.body.responseData[0]).toEqual({
      id: semesters[0]!.id,
      name: 'First semester',
      startsOn: semesters[0]!.starts_on,
      endsOn: expect.stringMatching(/^\d{4}-01-31$/),
    })
    const arabic = await get<SemesterOption[]>(`/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${classRoomId}`, tokens.teacher, {
      language: 'ar-EG',
    })
    expect(arabic.body.responseData.map((semester) => semester.name)).toEqual(['الفصل الدراسي الأول', 'الفصل الدراسي الثاني'])
  })

  it("the drop-down answers 404 for another teacher's or another school's class room", async () => {
    const [others] = await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE division_en = 'Science / 1'`)
    for (const id of [others!.id, second.classRoomId]) {
      const answer = await get(`/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${id}`)
      expect(answer.status).toBe(404)
      expect(answer.body.responseCode).toBe(404)
    }
  })

  it('creates, lists, renames and deletes a chapter and its topics; deleting a chapter deletes its topics', async () => {
    const created = await createChapter('  Fractions  ')
    expect(created.status).toBe(200)
    const chapter = created.body.responseData
    expect(chapter).toEqual({ id: expect.any(Number), subjectId: mathematics, semesterId: semesters[0]!.id, name: 'Fractions', editable: true })
    expect((await listChapters()).body.responseData).toEqual([chapter])
    expect((await listChapters(mathematics, semesters[1]!.id)).body.responseData).toEqual([])

    const renamed = await post<Chapter>('/Chapters/Update', { id: chapter.id, name: 'Fractions and decimals' })
    expect(renamed.body.responseData).toEqual({ ...chapter, name: 'Fractions and decimals' })

    const topic = (await post<Topic>('/Topics/Create', { chapterId: chapter.id, name: 'Adding fractions' })).body.responseData
    expect(topic).toEqual({ id: expect.any(Number), chapterId: chapter.id, name: 'Adding fractions' })
    const decimals = (await post<Topic>('/Topics/Create', { chapterId: chapter.id, name: 'Decimals' })).body.responseData
    expect((await post<Topic>('/Topics/Update', { id: decimals.id, name: ' Decimal places ' })).body.responseData).toEqual({
      ...decimals,
      name: 'Decimal places',
    })
    expect((await get<Topic[]>(`/Topics/List?ChapterID=${chapter.id}`)).body.responseData.map((t) => t.name)).toEqual(['Adding fractions', 'Decimal places'])
    expect((await post('/Topics/Delete', { id: topic.id })).body).toMatchObject({ responseCode: 200, responseData: null })
    expect((await get<Topic[]>(`/Topics/List?ChapterID=${chapter.id}`)).body.responseData.map((t) => t.name)).toEqual(['Decimal places'])

    expect((await post('/Chapters/Delete', { id: chapter.id })).body).toMatchObject({ responseCode: 200, responseData: null })
    expect((await listChapters()).body.responseData).toEqual([])
    expect(await server.db.query('SELECT 1 FROM topics WHERE chapter_id = $1', [chapter.id])).toEqual([])
    expect((await get(`/Topics/List?ChapterID=${chapter.id}`)).status).toBe(404)
  })

  it('the current semester call answers the chapters with their topics of the semester that contains today', async () => {
    const first = (await createChapter('Geometry')).body.responseData
    const inSecond = (await createChapter('Statistics', mathematics, semesters[1]!.id)).body.responseData
    const topic = (await post<Topic>('/Topics/Create', { chapterId: first.id, name: 'Angles' })).body.responseData
    await post<Topic>('/Topics/Create', { chapterId: inSecond.id, name: 'Averages' })
    const current = () => get<ChapterWithTopics[]>(`/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${mathematics}`)

    const originally = time.clock.now()
    try {
      time.advance(Date.parse(`${semesters[0]!.starts_on}T12:00:00Z`) - time.clock.now())
      expect((await current()).body.responseData).toEqual([{ ...first, topics: [topic] }])
      time.advance(Date.parse(`${semesters[1]!.starts_on}T00:00:00Z`) - time.clock.now())
      expect((await current()).body.responseData.map((chapter) => chapter.name)).toEqual(['Statistics'])
      // The day before the first semester starts is in none.
      time.advance(Date.parse(`${semesters[0]!.starts_on}T00:00:00Z`) - 1 - time.clock.now())
      expect((await current()).body.responseData).toEqual([])
    } finally {
      time.advance(originally - time.clock.now())
      await post('/Chapters/Delete', { id: first.id })
      await post('/Chapters/Delete', { id: inSecond.id })
    }
  })

  it('a chapter name is unique per subject and semester, letter case aside (105 on name, in both languages)', async () => {
    const algebra = (await createChapter('Algebra')).body.responseData
    try {
      const taken = await createChapter('ALGEBRA ')
      expect(taken.status).toBe(400)
      expect(taken.body.responseCode).toBe(105)
      expect(taken.body.validationList).toEqual([{ field: 'name', message: 'This subject already has a chapter with this name in this semester.' }])
      // The same name in the other semester is another chapter.
      const other = await createChapter('Algebra', mathematics, semesters[1]!.id)
      expect(other.status).toBe(200)
      const renamedOnto = (await createChapter('Sets')).body.responseData
      const arabic = await post('/Chapters/Update', { id: renamedOnto.id, name: 'algebra' }, tokens.teacher, { language: 'ar-EG' })
      expect(arabic.body.responseCode).toBe(105)
      expect(arabic.body.validationList).toEqual([{ field: 'name', message: 'توجد بالفعل وحدة بهذا الاسم لهذه المادة في هذا الفصل الدراسي.' }])
      // Its own name in another letter case is no clash.
      expect((await post<Chapter>('/Chapters/Update', { id: algebra.id, name: 'ALGEBRA' })).body.responseData.name).toBe('ALGEBRA')
      for (const id of [other.body.responseData.id, renamedOnto.id]) await post('/Chapters/Delete', { id })
    } finally {
      await post('/Chapters/Delete', { id: algebra.id })
    }
  })

  const chapterTaken = {
    en: 'This subject already has a chapter with this name in this semester.',
    ar: 'توجد بالفعل وحدة بهذا الاسم لهذه المادة في هذا الفصل الدراسي.',
  }
  const topicTaken = { en: 'This chapter already has a topic with this name.', ar: 'يوجد بالفعل درس بهذا الاسم في هذه الوحدة.' }

  /** Four writes at once onto one name (two in each letter case, two in each language): one wins, the others answer 105 on name, none 503. */
  const raceOnto = async (
    write: (index: number, name: string, options: CallOptions) => Promise<Answer<unknown>>,
    name: string,
    keyed: boolean,
    taken: { en: string; ar: string },
  ) => {
    const answers = await Promise.all(
      [0, 1, 2, 3].map((index) =>
        write(index, index % 2 === 0 ? name : ` ${name.toUpperCase()} `, {
          language: index < 2 ? 'en-US' : 'ar-EG',
          ...(keyed ? { idempotencyKey: randomUUID() } : {}),
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400])
    answers.forEach((answer, index) => {
      if (answer.status === 200) return
      expect(answer.body.responseCode).toBe(105)
      expect(answer.body.validationList).toEqual([{ field: 'name', message: index < 2 ? taken.en : taken.ar }])
    })
  }

  it('chapter renames racing for one name (letter case aside): one is renamed, each other answers the same 105 on name, never 503, with or without an Idempotency-Key', async () => {
    for (const keyed of [false, true]) {
      for (let round = 0; round < 4; round += 1) {
        const chapters = await Promise.all(
          [0, 1, 2, 3].map(async (index) => (await createChapter(`Race ${String(keyed)} ${round} ${index}`)).body.responseData),
        )
        const name = `Contested ${String(keyed)} ${round}`
        try {
          await raceOnto(
            (index, contested, options) => post('/Chapters/Update', { id: chapters[index]!.id, name: contested }, tokens.teacher, options),
            name,
            keyed,
            chapterTaken,
          )
          const listed = (await listChapters()).body.responseData.filter((chapter) => chapter.name.toLowerCase() === name.toLowerCase())
          expect(listed).toHaveLength(1)
        } finally {
          for (const chapter of chapters) await post('/Chapters/Delete', { id: chapter.id })
        }
      }
    }
  })

  it('a write the unique index refuses answers null on this database, outside a transaction and inside one, which goes on after it', async () => {
    const chapter = (await createChapter('Unique probe')).body.responseData
    try {
      const db = dbService(server.db)
      const [{ school_id: school }] = (await server.db.query<{ school_id: number }>('SELECT school_id FROM chapters WHERE id = $1', [chapter.id])) as [
        { school_id: number },
      ]
      const insert = 'INSERT INTO topics (school_id, chapter_id, name) VALUES ($1, $2, $3) RETURNING name'
      expect(await Effect.runPromise(db.queryUnlessDuplicate(insert, [school, chapter.id, 'Probe']))).toEqual([{ name: 'Probe' }])
      expect(await Effect.runPromise(db.queryUnlessDuplicate(insert, [school, chapter.id, 'PROBE']))).toBeNull()
      const inTransaction = await Effect.runPromise(
        db.transaction(
          Effect.gen(function* () {
            const tx = yield* Db
            const refused = yield* tx.queryUnlessDuplicate(insert, [school, chapter.id, 'probe'])
            const added = yield* tx.queryUnlessDuplicate(insert, [school, chapter.id, 'Probe 2'])
            return { refused, added }
          }),
        ),
      )
      expect(inTransaction).toEqual({ refused: null, added: [{ name: 'Probe 2' }] })
      expect((await get<Topic[]>(`/Topics/List?ChapterID=${chapter.id}`)).body.responseData.map((topic) => topic.name)).toEqual(['Probe', 'Probe 2'])
    } finally {
      await post('/Chapters/Delete', { id: chapter.id })
    }
  })

  it('a topic name is unique in its chapter, letter case and outer spaces aside (105 on name, in both languages); another chapter may use it', async () => {
    const [numbers, shapes] = await Promise.all(['Numbers', 'Shapes'].map(async (name) => (await createChapter(name)).body.responseData))
    try {
      const createTopic = (chapterId: number, name: string, options: CallOptions = {}) =>
        post<Topic>('/Topics/Create', { chapterId, name }, tokens.teacher, options)
      const fractions = (await createTopic(numbers!.id, 'Fractions')).body.responseData
      for (const [language, message] of [
        ['en-US', topicTaken.en],
        ['ar-EG', topicTaken.ar],
      ] as const) {
        const taken = await createTopic(numbers!.id, ' FRACTIONS ', { language })
        expect(taken.status).toBe(400)
        expect(taken.body.responseCode).toBe(105)
        expect(taken.body.validationList).toEqual([{ field: 'name', message }])
      }
      // One letter more is another name; the same name in another chapter is another topic.
      const fractionsTwo = await createTopic(numbers!.id, 'Fractions 2')
      expect(fractionsTwo.status).toBe(200)
      expect((await createTopic(shapes!.id, 'Fractions')).status).toBe(200)
      // Renaming onto a sibling's name is refused; its own name in another letter case is no clash.
      const onto = await post('/Topics/Update', { id: fractionsTwo.body.responseData.id, name: 'fractions' }, tokens.teacher, { language: 'ar-EG' })
      expect(onto.body.responseCode).toBe(105)
      expect(onto.body.validationList).toEqual([{ field: 'name', message: topicTaken.ar }])
      expect((await post<Topic>('/Topics/Update', { id: fractions.id, name: 'FRACTIONS' })).body.responseData.name).toBe('FRACTIONS')
      expect((await get<Topic[]>(`/Topics/List?ChapterID=${numbers!.id}`)).body.responseData.map((topic) => topic.name)).toEqual(['FRACTIONS', 'Fractions 2'])
    } finally {
      for (const chapter of [numbers!, shapes!]) await post('/Chapters/Delete', { id: chapter.id })
    }
  })

  it('topic creations and renames racing for one name: one wins, each other answers the same 105 on name, never 503, with or without an Idempotency-Key', async () => {
    const chapter = (await createChapter('Racing topics')).body.responseData
    try {
      for (const keyed of [false, true]) {
        for (let round = 0; round < 4; round += 1) {
          await raceOnto(
            (_index, name, options) => post('/Topics/Create', { chapterId: chapter.id, name }, tokens.teacher, options),
            `Added ${String(keyed)} ${round}`,
            keyed,
            topicTaken,
          )
          const topics = await Promise.all(
            [0, 1, 2, 3].map(
              async (index) =>
                (await post<Topic>('/Topics/Create', { chapterId: chapter.id, name: `Topic ${String(keyed)} ${round} ${index}` })).body.responseData,
            ),
          )
          await raceOnto(
            (index, name, options) => post('/Topics/Update', { id: topics[index]!.id, name }, tokens.teacher, options),
            `Renamed ${String(keyed)} ${round}`,
            keyed,
            topicTaken,
          )
        }
      }
      const names = (await get<Topic[]>(`/Topics/List?ChapterID=${chapter.id}`)).body.responseData.map((topic) => topic.name.trim().toLowerCase())
      expect(new Set(names).size).toBe(names.length)
      expect(names.filter((name) => name.startsWith('added') || name.startsWith('renamed'))).toHaveLength(16)
    } finally {
      await post('/Chapters/Delete', { id: chapter.id })
    }
  })

  it.each([
    ['empty', '', 'This field is required.', 'هذا الحقل مطلوب.'],
    ['whitespace-only', ' \u00A0 ', 'This field is required.', 'هذا الحقل مطلوب.'],
    ['101 characters', 'x'.repeat(101), 'Use at most 100 characters.', 'استخدم ١٠٠ حرفًا على الأكثر.'],
    ['a control character', 'Frac\u0007tions', 'Remove the invisible control characters from this field.', 'احذف أحرف التحكم غير المرئية من هذا الحقل.'],
  ])('a chapter or topic name that is %s answers 105 naming the field, in English and Arabic, and changes nothing', async (_kind, name, english, arabic) => {
    const chapter = (await createChapter('Validation')).body.responseData
    try {
      const before = await tableCounts()
      const calls = [
        ['/Chapters/CreateChapter', { subjectId: mathematics, semesterId: semesters[0]!.id, name }],
        ['/Chapters/Update', { id: chapter.id, name }],
        ['/Topics/Create', { chapterId: chapter.id, name }],
      ] as const
      for (const [path, body] of calls) {
        for (const [language, message] of [
          ['en-US', english],
          ['ar-EG', arabic],
        ] as const) {
          const answer = await post(path, body, tokens.teacher, { language })
          expect(answer.status, path).toBe(400)
          expect(answer.body.responseCode, path).toBe(105)
          expect(answer.body.validationList, path).toEqual([{ field: 'name', message }])
        }
      }
      expect(await tableCounts()).toEqual(before)
      expect((await listChapters()).body.responseData.find((row) => row.id === chapter.id)?.name).toBe('Validation')
    } finally {
      await post('/Chapters/Delete', { id: chapter.id })
    }
  })

  it('a name of exactly 100 characters (once trimmed) is accepted', async () => {
    const name = 'ع'.repeat(100)
    const answer = await createChapter(` ${name} `)
    expect(answer.body.responseData.name).toBe(name)
    await post('/Chapters/Delete', { id: answer.body.responseData.id })
  })

  it("another teacher's subject and another school's ids answer 404 and change nothing", async () => {
    // The supervisor teaches Physics (Grade 10); the teacher does not.
    const physicsChapter = (await createChapter('Motion', physics, semesters[0]!.id, tokens.supervisor)).body.responseData
    const physicsTopic = (await post<Topic>('/Topics/Create', { chapterId: physicsChapter.id, name: 'Speed' }, tokens.supervisor)).body.responseData
    const secondChapter = (await createChapter('Rivers', second.subjectId, second.semesterId, tokens.secondTeacher)).body.responseData
    expect(secondChapter.name).toBe('Rivers')
    const secondTopic = (await post<Topic>('/Topics/Create', { chapterId: secondChapter.id, name: 'The Nile' }, tokens.secondTeacher)).body.responseData
    const before = await server.db.query('SELECT id, name FROM chapters UNION ALL SELECT id, name FROM topics ORDER BY id, name')

    const refused = [
      get(`/Chapters/List?SubjectID=${physics}&SemesterID=${semesters[0]!.id}`),
      get(`/Chapters/List?SubjectID=${second.subjectId}&SemesterID=${second.semesterId}`),
      // Her own subject with another school's semester.
      get(`/Chapters/List?SubjectID=${mathematics}&SemesterID=${second.semesterId}`),
      get(`/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${physics}`),
      get(`/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${second.subjectId}`),
      get(`/Topics/List?ChapterID=${physicsChapter.id}`),
      get(`/Topics/List?ChapterID=${secondChapter.id}`),
      createChapter('Mine now', physics),
      createChapter('Mine now', second.subjectId, second.semesterId),
      createChapter('Mine now', mathematics, second.semesterId),
      post('/Chapters/Update', { id: physicsChapter.id, name: 'Taken over' }),
      post('/Chapters/Update', { id: secondChapter.id, name: 'Taken over' }),
      post('/Chapters/Delete', { id: physicsChapter.id }),
      post('/Chapters/Delete', { id: secondChapter.id }),
      post('/Topics/Create', { chapterId: physicsChapter.id, name: 'Added' }),
      post('/Topics/Create', { chapterId: secondChapter.id, name: 'Added' }),
      post('/Topics/Update', { id: physicsTopic.id, name: 'Taken over' }),
      post('/Topics/Update', { id: secondTopic.id, name: 'Taken over' }),
      post('/Topics/Delete', { id: physicsTopic.id }),
      post('/Topics/Delete', { id: secondTopic.id }),
    ]
    for (const answer of await Promise.all(refused)) {
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ responseCode: 404, responseData: null, responseMessage: 'Page/Service not found.' })
    }
    expect(await server.db.query('SELECT id, name FROM chapters UNION ALL SELECT id, name FROM topics ORDER BY id, name')).toEqual(before)
    // Their own callers still reach them.
    expect((await get<Topic[]>(`/Topics/List?ChapterID=${physicsChapter.id}`, tokens.supervisor)).body.responseData).toEqual([physicsTopic])
    expect((await get<Topic[]>(`/Topics/List?ChapterID=${secondChapter.id}`, tokens.secondTeacher)).body.responseData).toEqual([secondTopic])
  })

  it('only teachers may call them (an admin is refused with 403)', async () => {
    const admin = (await signedIn(base, accounts.admin)).accessToken
    const answer = await get(`/Chapters/List?SubjectID=${mathematics}&SemesterID=${semesters[0]!.id}`, admin)
    expect(answer.status).toBe(403)
  })
})
