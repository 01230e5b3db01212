import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SchoolExamSettings } from '../../../plugins/exams/contract/exam-settings-api.ts'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, sitExam, someAnswers } from '../support/exam-correction.ts'
import { correctionSchool } from '../support/correction-school.ts'
import { okData } from '../support/exams.ts'
import { accounts, call, expect105, signedIn } from '../support/http.ts'
import { secondSchool, seedSecondSchool } from '../support/second-school.ts'

const minute = 60_000

/*
 * A school's exam settings (issue 22: "a grace period the school sets"): its admins read and set the
 * offline grace of their own school through the API; nobody else can; the value set is the one an exam
 * closes with.
 */
describe.each(testDatabases)("a school's admin sets its exams' offline grace, on $name", (database) => {
  const school = correctionSchool(database)
  const admins = { admin: '', secondAdmin: '' }
  let secondSchoolId = 0
  beforeAll(async () => {
    secondSchoolId = (await seedSecondSchool(school.server.db)).schoolId
    admins.admin = (await signedIn(school.server.url, accounts.admin)).accessToken
    admins.secondAdmin = (await signedIn(school.server.url, secondSchool.admin)).accessToken
  })

  const read = (token: string) => call<SchoolExamSettings>(school.server.url, 'GET', '/exam/api/ExamSettings/GetSchoolExamSettings', undefined, { token })
  const set = (token: string, body: unknown, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<SchoolExamSettings>(school.server.url, 'POST', '/exam/api/ExamSettings/SetSchoolExamSettings', body, { token, language, idempotencyKey: randomUUID() })
  const stored = async (schoolId: number) =>
    (await school.server.db.query<{ seconds: number }>('SELECT offline_grace_seconds AS seconds FROM exam_school_settings WHERE school_id = $1', [schoolId]))[0]
      ?.seconds ?? null
  const demoSchoolId = async () =>
    (await school.server.db.query<{ id: number }>('SELECT school_id AS id FROM users WHERE email = $1', [accounts.admin.email]))[0]!.id

  it('reads the default 120 s while the school has set nothing, then sets 30 s for its own school only', async () => {
    expect(okData(await read(admins.admin))).toEqual({ offlineGraceSeconds: 120 })
    expect(await stored(await demoSchoolId())).toBeNull()
    expect(okData(await set(admins.admin, { offlineGraceSeconds: 30 }))).toEqual({ offlineGraceSeconds: 30 })
    expect(okData(await read(admins.admin))).toEqual({ offlineGraceSeconds: 30 })
    expect(await stored(await demoSchoolId())).toBe(30)
    // The other school's admin neither sees nor changed it, and her own change stays in her school.
    expect(okData(await read(admins.secondAdmin))).toEqual({ offlineGraceSeconds: 120 })
    expect(okData(await set(admins.secondAdmin, { offlineGraceSeconds: 600 }))).toEqual({ offlineGraceSeconds: 600 })
    expect(okData(await read(admins.admin))).toEqual({ offlineGraceSeconds: 30 })
    expect(await stored(secondSchoolId)).toBe(600)
    expect(await stored(await demoSchoolId())).toBe(30)
  })

  it('accepts both bounds, 0 and 3600 s, and refuses -1, 3601, 4000, 1.5, "abc" and a missing value with 105 in the caller\'s language, changing nothing', async () => {
    for (const seconds of [0, 3600]) expect(okData(await set(admins.admin, { offlineGraceSeconds: seconds }))).toEqual({ offlineGraceSeconds: seconds })
    okData(await set(admins.admin, { offlineGraceSeconds: 45 }))
    for (const bad of [-1, 3601, 4000, 1.5, 'abc', null]) expect105(await set(admins.admin, { offlineGraceSeconds: bad }), 'offlineGraceSeconds', /0 to 3600/)
    expect105(await set(admins.admin, {}), 'offlineGraceSeconds', /./)
    expect105(await set(admins.admin, { offlineGraceSeconds: 4000 }, 'ar-EG'), 'offlineGraceSeconds', /أدخل عددًا صحيحًا/)
    expect(okData(await read(admins.admin))).toEqual({ offlineGraceSeconds: 45 })
    expect(await stored(await demoSchoolId())).toBe(45)
  })

  it('refuses teachers, the supervising corrector and students (403), reading or setting, and changes nothing', async () => {
    const before = await stored(await demoSchoolId())
    for (const token of [school.tokens.teacher, school.tokens.supervisor, school.tokens.student]) {
      const reading = await read(token)
      expect(reading.status).toBe(403)
      expect(reading.body.responseData ?? null).toBeNull()
      expect((await set(token, { offlineGraceSeconds: 5 })).status).toBe(403)
    }
    expect((await read('')).status).toBe(401)
    expect(await stored(await demoSchoolId())).toBe(before)
  })

  it('closes an exam at its end plus the grace set (30 s), and a longer grace set after does not reopen it', async () => {
    okData(await set(admins.admin, { offlineGraceSeconds: 30 }))
    const exam = await assignedExam(school.server.url, school.ids, school.tokens, school.time.clock.now())
    school.time.advance(61 * minute)
    await sitExam(school.server.url, school.tokens.student, exam.id, someAnswers, school.time.clock.now())
    // The exam ends 180 minutes after it was made: 29 s past its end it is still open, 31 s past it is closed.
    school.time.advance(119 * minute + 29_000)
    expect((await school.calls.teacher.papers(exam.id)).body.responseCode).toBe(240)
    expect(await school.examStatus(exam.id)).toBe('inProgress')
    school.time.advance(2_000)
    expect(okData(await school.calls.teacher.papers(exam.id)).status).toBe('underCorrection')
    okData(await set(admins.admin, { offlineGraceSeconds: 3600 }))
    expect(okData(await school.calls.teacher.papers(exam.id)).status).toBe('underCorrection')
    expect(await school.examStatus(exam.id)).toBe('underCorrection')
  })
})
