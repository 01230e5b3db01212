import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClassAnswers, CorrectionList } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers } from '../support/submissions.ts'

/**
 * Opening the correction list (its list and the class's answers for the scoring worker) only reads:
 * work whose due date passed reads as "uncompleted" without being written back, and the statements
 * it takes do not grow with the class.
 */
describe.each(testDatabases)('opening the correction list is a read, in a number of statements independent of class size, on $name', (database) => {
  let server: StartedServer
  let ids: DemoIds
  let token: string
  const time = manualClock()
  let recording: string[] | null = null

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock, onStatement: (sql) => recording?.push(sql) })
    ids = await demoIds(server.db)
    token = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  /** A homework of `students`, each with a saved draft (in progress), then past its due date. */
  const draftedAndDue = async (studentIds: ReadonlyArray<number>, title: string) => {
    const target = studentIds.length === ids.studentsOfA.length ? ({ kind: 'class' } as const) : ({ kind: 'students', studentIds } as const)
    const homework = await insertHomework(server.url, token, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 1, { title, target }))
    for (const studentId of studentIds)
      await server.db.query(
        `INSERT INTO homework_submissions (school_id, homework_id, student_id, status, answers, viewed_at) VALUES ($1, $2, $3, 'in_progress', $4::text::jsonb, now())`,
        [ids.schoolId, homework.id, studentId, JSON.stringify({ single: partlyRightAnswers.single })],
      )
    return homework.id
  }

  const opened = async (homeworkId: number) => {
    recording = []
    const list = await get<CorrectionList>(server.url, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`, token)
    const answers = await get<ClassAnswers>(server.url, `/HomeWork/GetHomeworkClassAnswers?HomeworkID=${homeworkId}`, token)
    const statements = recording
    recording = null
    expect([list.body.responseCode, answers.body.responseCode]).toEqual([200, 200])
    return { list: list.body.responseData, answers: answers.body.responseData, statements }
  }

  it('no UPDATE or INSERT, the same statements for one student as for the whole class, and the past-due drafts to correct all the same', async () => {
    expect(ids.studentsOfA.length).toBeGreaterThan(2)
    const one = await draftedAndDue(ids.studentsOfA.slice(0, 1), 'One student')
    const whole = await draftedAndDue(ids.studentsOfA, 'The whole class')
    time.advance(hours(2))
    const before = await server.db.query('SELECT id, status, version FROM homework_submissions ORDER BY id')

    await opened(one) // the caller's account is read (and kept two seconds of the clock) on the first call only
    const small = await opened(one)
    const large = await opened(whole)
    for (const { statements } of [small, large]) expect(statements.filter((sql) => /^\s*(?:\/\*.*?\*\/\s*)?(update|insert|delete)\b/i.test(sql))).toEqual([])
    expect(large.statements.length).toBe(small.statements.length)
    expect(await server.db.query('SELECT id, status, version FROM homework_submissions ORDER BY id')).toEqual(before)

    // Read lazily, the work is as the due date makes it: uncompleted, with answers to correct.
    expect(new Set(large.list.students.map((student) => student.status))).toEqual(new Set(['uncompleted']))
    expect([small.answers.students, large.answers.students]).toEqual([1, ids.studentsOfA.length])
  })
})
