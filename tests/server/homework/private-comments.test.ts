import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrivateCommentThread } from '../../../plugins/homework/contract/private-comments.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { seedHomeworkAudience, type HomeworkAudience } from '../support/homework-audience.ts'
import { accounts } from '../support/http.ts'
import { startRecordingServer, type Attempt, type RecordingServer } from '../support/refusals.ts'
import { get, partlyRightAnswers, post } from '../support/submissions.ts'

const studentAttempts = (homeworkId: number): ReadonlyArray<Attempt> => [
  ['GET', `/Student/GetMyPrivateComments?HomeworkID=${homeworkId}`],
  ['POST', '/Student/PostPrivateComment', { homeworkId, text: 'Not my homework' }],
]

const teacherAttempts = (homeworkId: number, studentId: number): ReadonlyArray<Attempt> => [
  ['GET', `/HomeWork/GetPrivateComments?HomeworkID=${homeworkId}&StudentID=${studentId}`],
  ['POST', '/HomeWork/PostPrivateComment', { homeworkId, studentId, text: 'Not my student' }],
]

const commentsTable = async (server: StartedServer) =>
  (await server.db.query<{ rows: string }>(`SELECT coalesce(json_agg(c ORDER BY c.id)::text, '') AS rows FROM homework_private_comments c`))[0]!.rows

/**
 * Private comments on one student's work (issue 21, as Classroom's): she and the teachers of the
 * homework's class room read and write the thread, before and after she hands in; nobody else.
 */
describe.each(testDatabases)('private comments between a student and her teachers on $name', (database) => {
  let server: StartedServer
  let base: string
  let refusals: RecordingServer
  let audience: HomeworkAudience

  beforeAll(async () => {
    refusals = await startRecordingServer(database)
    server = refusals.server
    base = server.url
    audience = await seedHomeworkAudience(server)
  })
  afterAll(() => server.close())

  it('she asks before handing in, her teacher answers, she replies after handing in: both read the one thread, oldest first', async () => {
    const { tokens, studentId, inA } = audience
    const asked = await post<PrivateCommentThread>(
      base,
      '/Student/PostPrivateComment',
      { homeworkId: inA.id, text: '  Is question 2 about capitals?  ' },
      tokens.student,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.responseData.comments).toEqual([
      expect.objectContaining({ text: 'Is question 2 about capitals?', fromStudent: true, mine: true, authorName: expect.any(String) }),
    ])
    const forTeacher = await get<PrivateCommentThread>(base, `/HomeWork/GetPrivateComments?HomeworkID=${inA.id}&StudentID=${studentId}`, tokens.teacher)
    expect(forTeacher.body.responseData).toMatchObject({ homeworkId: inA.id, studentId, comments: [{ fromStudent: true, mine: false }] })
    const answered = await post<PrivateCommentThread>(
      base,
      '/HomeWork/PostPrivateComment',
      { homeworkId: inA.id, studentId, text: 'نعم، العواصم العربية.' },
      tokens.teacher,
    )
    expect(answered.body.responseData.comments.map((comment) => [comment.fromStudent, comment.mine])).toEqual([
      [true, false],
      [false, true],
    ])
    const submitted = await post(base, '/Student/SubmitHomework', { homeworkId: inA.id, version: null, answers: partlyRightAnswers }, tokens.student)
    expect(submitted.status).toBe(200)
    await post(base, '/Student/PostPrivateComment', { homeworkId: inA.id, text: 'Thank you!' }, tokens.student)
    const mine = await get<PrivateCommentThread>(base, `/Student/GetMyPrivateComments?HomeworkID=${inA.id}`, tokens.student, {
      headers: { 'Accept-Language': 'ar' },
    })
    expect(mine.body.responseData.comments.map((comment) => comment.text)).toEqual(['Is question 2 about capitals?', 'نعم، العواصم العربية.', 'Thank you!'])
    expect(mine.body.responseData.comments[1]).toMatchObject({ fromStudent: false, mine: false, authorName: expect.stringMatching(/\S/u) })
    // Another teacher of the class room reads it too (teacher2 does not teach Grade 4 A: below, 404).
    const [teacherName] = await server.db.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE email = $1`, [
      accounts.teacher.email,
    ])
    expect(mine.body.responseData.comments[1]!.authorName).toBe(teacherName!.name)
  })

  it('a text that is blank, over 1000 characters or holds bidirectional controls is refused (105 on text); 1000 is fine', async () => {
    const { tokens, studentId, inA } = audience
    const before = await commentsTable(server)
    for (const text of ['   ', 'x'.repeat(1001), 'see file\u202Efdp.exe']) {
      const refused = await post(base, '/Student/PostPrivateComment', { homeworkId: inA.id, text }, tokens.student)
      expect(refused.status, text).toBe(400)
      expect(refused.body).toMatchObject({ responseCode: 105 })
      expect(JSON.stringify(refused.body)).toContain('text')
      const byTeacher = await post(base, '/HomeWork/PostPrivateComment', { homeworkId: inA.id, studentId, text }, tokens.teacher)
      expect(byTeacher.body).toMatchObject({ responseCode: 105 })
    }
    expect(await commentsTable(server)).toBe(before)
    const longest = await post<PrivateCommentThread>(base, '/Student/PostPrivateComment', { homeworkId: inA.id, text: 'ب'.repeat(1000) }, tokens.student)
    expect(longest.status).toBe(200)
  })

  const expectAllRefused = (token: string, schoolId: number, statuses: number, attempts: ReadonlyArray<Attempt>) =>
    refusals.expectAllRefused({ token, schoolId, statuses, unchanged: () => commentsTable(server) }, attempts)

  it("another student's, a homework not aimed at her, or another school's: 404 for students", async () => {
    const { ids, second, tokens, inA, forOthersInA, secondSchools } = audience
    await expectAllRefused(tokens.student2, ids.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(forOthersInA.id))
    await expectAllRefused(tokens.secondStudent, second.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(secondSchools.id))
  })

  it("a teacher who does not teach the room, another school's, or a student of another room or not aimed at: 404", async () => {
    const { ids, second, tokens, studentId, student2Id, inA, forOthersInA, secondSchools } = audience
    await expectAllRefused(tokens.teacher2, ids.schoolId, 404, teacherAttempts(inA.id, studentId))
    await expectAllRefused(tokens.secondTeacher, second.schoolId, 404, teacherAttempts(inA.id, studentId))
    await expectAllRefused(tokens.teacher, ids.schoolId, 404, teacherAttempts(secondSchools.id, studentId))
    await expectAllRefused(tokens.teacher, ids.schoolId, 404, teacherAttempts(inA.id, student2Id))
    await expectAllRefused(tokens.teacher, ids.schoolId, 404, teacherAttempts(forOthersInA.id, studentId))
  })

  it("each side is refused the other's calls (403)", async () => {
    const { ids, tokens, studentId, inA } = audience
    await expectAllRefused(tokens.student, ids.schoolId, 403, teacherAttempts(inA.id, studentId))
    await expectAllRefused(tokens.teacher, ids.schoolId, 403, studentAttempts(inA.id))
  })
})
