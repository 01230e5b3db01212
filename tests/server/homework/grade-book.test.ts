import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { timezoneOffsetHeader } from '../../../contracts/settings.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, signedIn } from '../support/http.ts'
import { api, homeworkAround, insertHomework, partlyRightAnswers, post, studentOf } from '../support/submissions.ts'

/** The class room's grade book as a CSV download: BOM, the caller's language, corrected grades only. */
describe.each(testDatabases)('the grade-book CSV on $name', (database) => {
  let server: StartedServer
  let ids: DemoIds
  let teacher: string
  let student: { id: number; name_en: string; name_ar: string }
  /** The two homework's due days in UTC (the downloads below send offset 0). */
  let dueDays: { corrected: string; pending: string }

  beforeAll(async () => {
    server = await database.start()
    ids = await demoIds(server.db)
    teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    const studentToken = (await signedIn(server.url, accounts.student)).accessToken
    student = await studentOf(server.db, accounts.student.email)
    const now = Date.now()
    // Two homework: one corrected (9 of 14 once graded), one handed in but not corrected yet (no grade in the book).
    const corrected = await insertHomework(
      server.url,
      teacher,
      homeworkAround(now, ids.roomA, ids.mathematics, 48, { title: '=Capitals, "first" set', dueAt: new Date(now + 3_600_000).toISOString() }),
    )
    const pending = await insertHomework(server.url, teacher, homeworkAround(now, ids.roomA, ids.mathematics, 48, { title: 'الواجب الثاني' }))
    dueDays = { corrected: corrected.dueAt.slice(0, 10), pending: pending.dueAt.slice(0, 10) }
    for (const homework of [corrected, pending]) {
      const answer = await post<StudentHomework>(
        server.url,
        '/Student/SubmitHomework',
        { homeworkId: homework.id, version: null, answers: partlyRightAnswers },
        studentToken,
      )
      expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
    }
    const work = await post<SubmissionForCorrection>(
      server.url,
      '/HomeWork/GradeSubmission',
      {
        homeworkId: corrected.id,
        studentId: student.id,
        version: 1,
        reviews: [
          { questionId: 'statement', score: 0.5 },
          { questionId: 'essay', score: 2.5 },
        ],
      },
      teacher,
    )
    const done = await post<SubmissionForCorrection>(
      server.url,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: corrected.id, studentId: student.id, version: work.body.responseData.version },
      teacher,
    )
    expect(done.body.responseData).toMatchObject({ status: 'done', grade: 9 })
  })
  afterAll(() => server.close())

  const download = (language: 'en-US' | 'ar-EG', offsetHours = 0) =>
    fetch(`${server.url}${api}/HomeWork/ExportGradeBook?ClassRoomID=${ids.roomA}`, {
      headers: { authorization: `Bearer ${teacher}`, 'accept-language': language, [timezoneOffsetHeader]: String(offsetHours) },
    })

  it("names the file with the teacher's day, from her timezone offset, not the server's", async () => {
    const dayAt = (offsetHours: number, at: number) => new Date(at + offsetHours * 3_600_000).toISOString().slice(0, 10)
    for (const offsetHours of [14, -12, 5.5]) {
      const before = Date.now()
      const disposition = (await download('en-US', offsetHours)).headers.get('content-disposition')!
      const day = /grade-book-\d+-(\d{4}-\d{2}-\d{2})\.csv/u.exec(disposition)![1]
      expect([dayAt(offsetHours, before), dayAt(offsetHours, Date.now())]).toContain(day)
    }
  })

  it('answers a UTF-8 CSV with a byte-order mark as an attachment with a safe name', async () => {
    const response = await download('en-US')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const disposition = response.headers.get('content-disposition')!
    expect(disposition).toMatch(
      new RegExp(`^attachment; filename="grade-book-${ids.roomA}-\\d{4}-\\d{2}-\\d{2}\\.csv"; filename\\*=UTF-8''[A-Za-z0-9%._-]+$`, 'u'),
    )
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^Grade 4 A grades \d{4}-\d{2}-\d{2}\.csv$/u)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n')
    // A title starting with "=" is never a formula; quotes and commas are quoted.
    expect(lines[0]).toBe(`Student,"'=Capitals, ""first"" set, due ${dueDays.corrected} (out of 14)","الواجب الثاني, due ${dueDays.pending} (out of 14)"`)
    expect(lines).toContain(`${student.name_en},9,`)
    expect(lines.length).toBe(ids.studentsOfA.length + 2)
  })

  it("heads a copy kept under the same title and dates apart from its original, and dates each column in the teacher's day", async () => {
    const [, pendingId] = await server.db
      .query<{ id: number }>('SELECT id FROM homework WHERE class_room_id = $1 ORDER BY due_at, id', [ids.roomA])
      .then((rows) => rows.map((row) => row.id))
    const pending = await server.db.query<{ startsAt: Date; dueAt: Date }>('SELECT starts_at AS "startsAt", due_at AS "dueAt" FROM homework WHERE id = $1', [
      pendingId,
    ])
    const copy = await post(
      server.url,
      '/HomeWork/CloneHomework',
      {
        homeworkId: pendingId,
        classRoomId: ids.roomA,
        startsAt: new Date(pending[0]!.startsAt).toISOString(),
        dueAt: new Date(pending[0]!.dueAt).toISOString(),
      },
      teacher,
    )
    expect(copy.body.responseCode, JSON.stringify(copy.body)).toBe(200)
    const heads = (await (await download('en-US')).text()).replace(/^\uFEFF/u, '').split('\r\n')[0]!
    expect(heads).toContain(`"الواجب الثاني, due ${dueDays.pending} (out of 14)","الواجب الثاني, due ${dueDays.pending}, copy 2 (out of 14)"`)
    const arabic = (await (await download('ar-EG')).text()).replace(/^\uFEFF/u, '').split('\r\n')[0]!
    expect(arabic).toContain(`الواجب الثاني، تسليم ${dueDays.pending}، نسخة 2 (من 14)`)
    // Fourteen hours ahead, a due time late in the UTC day is already the next day.
    const ahead = (await (await download('en-US', 14)).text()).replace(/^\uFEFF/u, '').split('\r\n')[0]!
    const aheadDay = new Date(Date.parse(new Date(pending[0]!.dueAt).toISOString()) + 14 * 3_600_000).toISOString().slice(0, 10)
    expect(ahead).toContain(`due ${aheadDay} (out of 14)`)
    await server.db.query('DELETE FROM homework WHERE id = $1', [(copy.body.responseData as { homework: { id: number } }).homework.id])
  })

  it('heads the columns and names the students in Arabic for an Arabic caller', async () => {
    const response = await download('ar-EG')
    const text = (await response.text()).replace(/^\uFEFF/u, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(`الطالب,"'=Capitals, ""first"" set، تسليم ${dueDays.corrected} (من 14)",الواجب الثاني، تسليم ${dueDays.pending} (من 14)`)
    expect(lines).toContain(`${student.name_ar},9,`)
    expect(decodeURIComponent(response.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toMatch(/^الصف الرابع .+ الدرجات \d{4}-\d{2}-\d{2}\.csv$/u)
  })
})
