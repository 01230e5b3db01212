import { Layer } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { homeworkDomainEventTypes as types } from '../../plugins/homework/contract/domain-events.ts'
import type { HomeworkDetails, HomeworkInsert } from '../../plugins/homework/contract/homework.ts'
import type { SubmissionForCorrection } from '../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../server/app.ts'
import type { DomainEvent } from '../../server/events/domain-events.ts'
import type { ServerFeature } from '../../server/feature.ts'
import { serverFeatures } from '../../server/features.ts'
import { testDatabases } from './support/databases.ts'
import { demoIds, type DemoIds } from './support/homework.ts'
import { accounts, signedIn } from './support/http.ts'
import { manualClock } from './support/manual-clock.ts'
import { seedSecondSchool, seedSecondSchoolStudent, secondSchool, type SecondSchool } from './support/second-school.ts'
import { homeworkAround, hours, insertHomework, partlyRightAnswers, post, studentOf } from './support/submissions.ts'

/**
 * The core's domain-event hook (server/events/): homework records its events, a feature that only
 * declares a subscriber hears them, each once, when they occur, with their school and recipients.
 * The listener here stands for the future notifications feature: homework does not know it.
 */
const heard: DomainEvent[] = []
const listenerFeature = {
  id: 'listener',
  after: ['homework'],
  ownedTables: [],
  // It serves no calls of its own.
  handlers: Layer.empty as unknown as ServerFeature<never>['handlers'],
  domainEventSubscribers: [{ id: 'test-listener', handle: async (events) => void heard.push(...events) }],
} satisfies ServerFeature<never>

describe.each(testDatabases)('domain events reach a subscriber with their school and recipients, on $name', (database) => {
  let server: StartedServer
  let ids: DemoIds
  let second: SecondSchool
  const time = manualClock()
  const tokens = { teacher: '', student: '', secondTeacher: '' }
  let roomAUsers: string[]

  /** One housekeeping round; answers what it handed the listener. */
  const round = async () => {
    heard.length = 0
    await server.prune()
    return [...heard]
  }

  beforeAll(async () => {
    server = await database.start(
      { pruneIntervalSeconds: 3600 },
      { clock: time.clock, composition: { api: FaslApi, features: [...serverFeatures, listenerFeature] } },
    )
    ids = await demoIds(server.db)
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.student = (await signedIn(server.url, accounts.student)).accessToken
    tokens.secondTeacher = (await signedIn(server.url, secondSchool.teacher)).accessToken
    roomAUsers = (
      await server.db.query<{ id: string }>(`SELECT user_id::text AS id FROM students WHERE class_room_id = $1 AND user_id IS NOT NULL ORDER BY id`, [
        ids.roomA,
      ])
    ).map((row) => row.id)
    expect(roomAUsers.length).toBeGreaterThan(0)
    await round()
  })
  afterAll(() => server.close())

  const later = (overrides: Partial<HomeworkInsert> = {}) =>
    homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 48, {
      startsAt: new Date(time.clock.now() + hours(2)).toISOString(),
      ...overrides,
    })

  it('a homework is announced to its students at its start, once: an edit before replaces it, a delete withdraws it', async () => {
    const scheduled = await insertHomework(server.url, tokens.teacher, later({ title: 'Fractions first' }))
    const withdrawn = await insertHomework(server.url, tokens.teacher, later({ title: 'Never set' }))
    expect(await round()).toEqual([])
    const edit = { ...later({ title: 'Fractions' }), id: scheduled.id, version: scheduled.version } as Record<string, unknown>
    delete edit.classRoomId
    expect((await post<HomeworkDetails>(server.url, '/HomeWork/EditHomeWork', edit, tokens.teacher)).status).toBe(200)
    expect((await post(server.url, '/HomeWork/RemoveHomeWork', { id: withdrawn.id }, tokens.teacher)).status).toBe(200)
    time.advance(hours(3))
    const events = await round()
    expect(events).toEqual([
      expect.objectContaining({
        type: types.published,
        schoolId: ids.schoolId,
        subject: `homework:${scheduled.id}`,
        payload: expect.objectContaining({ homeworkId: scheduled.id, classRoomId: ids.roomA, title: 'Fractions', type: 'homework' }),
      }),
    ])
    expect([...events[0]!.recipients].sort()).toEqual([...roomAUsers].sort())
    // Heard once; an edit after the start is not announced again.
    expect(await round()).toEqual([])
  })

  it('a comment tells the thread’s other readers, and a corrected work tells the student her grade', async () => {
    const now = await insertHomework(server.url, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 48))
    expect((await round()).map((event) => [event.type, event.payload])).toEqual([[types.published, expect.objectContaining({ homeworkId: now.id })]])
    const student = await studentOf(server.db, accounts.student.email)
    const [studentUser] = await server.db.query<{ id: string }>(`SELECT id::text FROM users WHERE email = $1`, [accounts.student.email])
    const [teacherUser] = await server.db.query<{ id: string }>(`SELECT id::text FROM users WHERE email = $1`, [accounts.teacher.email])
    await post(server.url, '/Student/PostPrivateComment', { homeworkId: now.id, text: 'May I hand in tomorrow?' }, tokens.student)
    await post(server.url, '/HomeWork/PostPrivateComment', { homeworkId: now.id, studentId: student.id, text: 'Yes.' }, tokens.teacher)
    const comments = await round()
    expect(comments).toEqual([
      expect.objectContaining({
        type: types.privateCommentPosted,
        schoolId: ids.schoolId,
        payload: expect.objectContaining({ studentId: student.id, fromStudent: true }),
      }),
      expect.objectContaining({ type: types.privateCommentPosted, payload: expect.objectContaining({ fromStudent: false }) }),
    ])
    // The teacher's reply: the student and the room's other teachers, never its author.
    expect(comments[1]!.recipients).toContain(studentUser!.id)
    expect(comments[1]!.recipients).not.toContain(teacherUser!.id)
    expect(comments[0]!.recipients).toContain(teacherUser!.id)
    expect(comments[0]!.recipients).not.toContain(studentUser!.id)

    const submitted = await post<{ version: number }>(
      server.url,
      '/Student/SubmitHomework',
      { homeworkId: now.id, version: null, answers: partlyRightAnswers },
      tokens.student,
    )
    const done = await post<SubmissionForCorrection>(
      server.url,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: now.id, studentId: student.id, version: submitted.body.responseData.version },
      tokens.teacher,
    )
    expect(done.body.responseData.status).toBe('done')
    expect(await round()).toEqual([
      expect.objectContaining({
        type: types.gradesReturned,
        schoolId: ids.schoolId,
        recipients: [studentUser!.id],
        payload: expect.objectContaining({ homeworkId: now.id, studentId: student.id, grade: done.body.responseData.grade, totalDegree: 14 }),
      }),
    ])
  })

  it("nothing crosses schools: another school's events carry its id and only its own users", async () => {
    await seedSecondSchoolStudent(server.db, second)
    const theirs = await insertHomework(server.url, tokens.secondTeacher, homeworkAround(time.clock.now(), second.classRoomId, second.subjectId, 48))
    await insertHomework(server.url, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 48))
    const events = await round()
    expect(events.map((event) => event.schoolId).sort()).toEqual([ids.schoolId, second.schoolId].sort())
    expect(events.find((event) => event.schoolId === second.schoolId)).toMatchObject({ subject: `homework:${theirs.id}` })
    // Every recipient of every event recorded is a user of that event's school.
    const crossing = await server.db.query(
      `SELECT e.id FROM domain_events e, unnest(e.recipients) AS r(user_id) JOIN users u ON u.id = r.user_id WHERE u.school_id <> e.school_id`,
    )
    expect(crossing).toEqual([])
    const schoolsOfRecipients = await server.db.query<{ school_id: number }>(
      `SELECT DISTINCT u.school_id FROM domain_events e, unnest(e.recipients) AS r(user_id) JOIN users u ON u.id = r.user_id WHERE e.school_id = $1`,
      [second.schoolId],
    )
    expect(schoolsOfRecipients).toEqual([{ school_id: second.schoolId }])
  })
})
