import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CourseAttachment } from '../../plugins/courses/contract/courses-api.ts'
import type { Question } from '../../contracts/questions/question.ts'
import { courseAttachmentPurpose } from '../../plugins/courses/contract/upload-purposes.ts'
import { fileAnswerPurpose } from '../../plugins/homework/contract/upload-purposes.ts'
import type { AnswerFile } from '../../contracts/questions/answer-files.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../server/app.ts'
import { diskFileStore } from '../../server/services/file-store.ts'
import { testDatabases } from './support/databases.ts'
import { demoIds, type DemoIds } from './support/homework.ts'
import { accounts, call, signedIn, type Answer } from './support/http.ts'
import { manualClock } from './support/manual-clock.ts'
import { api, get, homeworkAround, hours, insertHomework, post, studentOf } from './support/submissions.ts'

/*
 * Issue 19: a served file's name ends in the type read from its bytes; file names refuse
 * bidirectional controls; an account's pending uploads (per answer, and unlisted course uploads)
 * and its bytes per day are limited, parallel uploads included, and a refusal stores nothing.
 */
const fileQuestions: ReadonlyArray<Question> = [
  { type: 9, id: 'sheet', header: 'Upload your worked sheet.', degree: 2 },
  { type: 9, id: 'extra', header: 'Upload your drafts.', degree: 1 },
]

const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'))
  return bytes
}
const pdf = pdfOf(2000)
const rlo = '\u202E'

describe.each(testDatabases)('upload limits and served file names, on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  let schoolId: number
  let studentId: number
  const time = manualClock()
  const root = mkdtempSync(join(tmpdir(), 'fasl-upload-limits-'))
  const tokens = { teacher: '', teacher2: '', student: '', student2: '' }

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root), clock: time.clock })
    base = server.url
    ids = await demoIds(server.db)
    for (const role of ['teacher', 'teacher2', 'student', 'student2'] as const) tokens[role] = (await signedIn(base, accounts[role])).accessToken
    schoolId = (await server.db.query<{ school_id: number }>('SELECT school_id FROM users WHERE email = $1', [accounts.teacher.email]))[0]!.school_id
    studentId = (await studentOf(server.db, accounts.student.email)).id
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const storedFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
  const rows = async () =>
    (
      await server.db.query<{ answers: number; courses: number; reservations: number }>(
        'SELECT (SELECT count(*)::int FROM answer_files) AS answers, (SELECT count(*)::int FROM course_attachments) AS courses, (SELECT count(*)::int FROM upload_reservations) AS reservations',
      )
    )[0]!
  const stored = async () => ({ ...(await rows()), files: storedFiles() })
  const homework = (title: string) =>
    insertHomework(base, tokens.teacher, homeworkAround(time.clock.now(), ids.roomA, ids.mathematics, 48, { title, questions: fileQuestions, totalDegree: 3 }))
  const answerUpload = (
    homeworkId: number,
    questionId: string,
    bytes: Uint8Array,
    fileName: string,
    language: 'en-US' | 'ar-EG' = 'en-US',
    token = tokens.student,
  ) =>
    call<AnswerFile>(
      base,
      'POST',
      `${api}/Student/UploadAnswerFile?HomeworkID=${homeworkId}&QuestionID=${questionId}&FileName=${encodeURIComponent(fileName)}`,
      bytes,
      { token, language },
    )
  const courseUpload = (bytes: Uint8Array, fileName: string, token = tokens.teacher, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<CourseAttachment>(base, 'POST', `${api}/Courses/UploadAttachment?FileName=${encodeURIComponent(fileName)}`, bytes, { token, language })
  const ok = <T>(answer: Answer<T>) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const refused = (answer: Answer, code: number, message: RegExp) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.responseCode).toBe(code)
    expect(answer.body.responseMessage).toMatch(message)
  }
  const setDailyBytes = (bytes: number | null) => server.db.query('UPDATE schools SET upload_bytes_per_account_per_day = $1 WHERE id = $2', [bytes, schoolId])
  const codes = (answers: ReadonlyArray<Answer>) => answers.map((answer) => answer.body.responseCode).sort((a, b) => b - a)

  it('a file is downloaded under her base name with the extension of the type read from its bytes (homework.html → homework.pdf)', async () => {
    const set = await homework('Disguised files')
    const names = ['homework.html', 'run.bat', 'notes.hta', 'report', 'ورقة.exe', 'archive.tar.gz']
    const files = await Promise.all(names.map(async (name) => ok(await answerUpload(set.id, 'sheet', pdf, name))))
    const photo = ok(
      await answerUpload(
        set.id,
        'sheet',
        new Uint8Array(
          await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0f6f64' } })
            .png()
            .toBuffer(),
        ),
        'photo.html',
      ),
    )
    const served = async (file: AnswerFile) => {
      const response = await fetch(base + file.url)
      expect(response.status).toBe(200)
      return { type: response.headers.get('content-type'), name: decodeURIComponent(response.headers.get('content-disposition')!.split("UTF-8''")[1]!) }
    }
    expect(await Promise.all(files.map(served))).toEqual(
      ['homework.pdf', 'run.pdf', 'notes.pdf', 'report.pdf', 'ورقة.pdf', 'archive.tar.pdf'].map((name) => ({ type: 'application/pdf', name })),
    )
    expect(await served(photo)).toEqual({ type: 'image/png', name: 'photo.png' })
    const response = await fetch(base + files[0]!.url)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="file.pdf"; filename*=UTF-8''homework.pdf`)
    // The teacher's correction page lists the name she chose; only the download's extension is the type's.
    const draft = await post<StudentHomework>(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: null, answers: { sheet: { type: 9, fileIds: [files[0]!.id] } } },
      tokens.student,
    )
    expect(draft.body.responseCode, JSON.stringify(draft.body)).toBe(200)
    const work = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${set.id}&StudentID=${studentId}`, tokens.teacher)
    const forTeacher = work.body.responseData.answerFiles[0]!
    expect(forTeacher.fileName).toBe('homework.html')
    expect((await served(forTeacher)).name).toBe('homework.pdf')
  })

  it('a file name with bidirectional controls is refused with 105 on FileName in both languages, for answers and courses, and nothing is stored', async () => {
    const set = await homework('Reversed names')
    const before = await stored()
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', rlo, '\u2066', '\u2067', '\u2068', '\u2069']) {
      const answer = await answerUpload(set.id, 'sheet', pdf, `invoice${control}fdp.exe`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.responseCode).toBe(105)
      expect(answer.body.validationList.find((entry) => entry.field === 'FileName')?.message).toMatch(/text-direction/)
    }
    const arabic = await answerUpload(set.id, 'sheet', pdf, `invoice${rlo}fdp.exe`, 'ar-EG')
    expect(arabic.body.validationList.find((entry) => entry.field === 'FileName')?.message).toMatch(/اتجاه النص/)
    const course = await courseUpload(pdf, `slides${rlo}fdp.exe`)
    expect(course.body.responseCode).toBe(105)
    expect(course.body.validationList.find((entry) => entry.field === 'FileName')?.message).toMatch(/text-direction/)
    expect(await stored()).toEqual(before)
    // The marks that are not controls (an Arabic name, a right-to-left mark) still pass.
    ok(await answerUpload(set.id, 'sheet', pdf, 'ورقة\u200F العمل.pdf'))
  })

  it(`an answer keeps at most ${fileAnswerPurpose.pending.max} files no saved answer names: the 21st is refused with 155 (both languages), stores nothing, and saving frees the places`, async () => {
    const set = await homework('Twenty files')
    const first = []
    for (let i = 0; i < fileAnswerPurpose.pending.max; i += 1) first.push(ok(await answerUpload(set.id, 'sheet', pdf, `page ${i + 1}.pdf`)))
    const before = await stored()
    refused(await answerUpload(set.id, 'sheet', pdf, 'page 21.pdf'), 155, /20 files for this question/)
    refused(await answerUpload(set.id, 'sheet', pdf, 'page 21.pdf', 'ar-EG'), 155, /20 ملفًا لهذا السؤال/)
    expect(await stored()).toEqual(before)
    // Another question of the same homework, and another student, count on their own.
    ok(await answerUpload(set.id, 'extra', pdf, 'draft.pdf'))
    // Her saved answer names all twenty: none is pending any more.
    const saved = await post<StudentHomework>(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: null, answers: { sheet: { type: 9, fileIds: first.map((file) => file.id) } } },
      tokens.student,
    )
    expect(saved.body.responseCode, JSON.stringify(saved.body)).toBe(200)
    ok(await answerUpload(set.id, 'sheet', pdf, 'page 21.pdf'))
  })

  it('25 parallel uploads for one answer: exactly 20 are stored, the others refused with 155', async () => {
    const set = await homework('Parallel files')
    const before = await stored()
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => answerUpload(set.id, 'sheet', pdfOf(1024 * 1024), `page ${i}.pdf`)))
    expect(codes(answers)).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(155)])
    const after = await stored()
    expect(after).toEqual({ ...before, answers: before.answers + 20, files: before.files + 20 })
  })

  it(`a teacher keeps at most ${courseAttachmentPurpose.pending.max} uploads no course lists: the 21st (and parallel ones past it) refused with 156, freed by saving the course or deleting one`, async () => {
    const uploads = await Promise.all(Array.from({ length: 25 }, (_, i) => courseUpload(pdfOf(256 * 1024), `slides ${i}.pdf`, tokens.teacher2)))
    expect(codes(uploads)).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(156)])
    const before = await stored()
    refused(await courseUpload(pdf, 'one more.pdf', tokens.teacher2), 156, /20 uploaded files that no course lists yet/)
    refused(await courseUpload(pdf, 'one more.pdf', tokens.teacher2, 'ar-EG'), 156, /لم تُضف إلى أي مقرر/)
    expect(await stored()).toEqual(before)
    // Another teacher's unlisted uploads do not count against hers.
    ok(await courseUpload(pdf, 'mine.pdf'))
    const one = uploads.find((answer) => answer.status === 200)!.body.responseData
    expect((await call(base, 'POST', `${api}/Courses/DeleteUpload`, { id: one.id }, { token: tokens.teacher2 })).body.responseCode).toBe(200)
    const twenty = [
      ...uploads.filter((answer) => answer.status === 200 && answer.body.responseData.id !== one.id).map((answer) => answer.body.responseData.id),
      ok(await courseUpload(pdf, 'one more.pdf', tokens.teacher2)).id,
    ]
    refused(await courseUpload(pdf, 'past twenty.pdf', tokens.teacher2), 156, /no course lists yet/)
    // A saved course lists them: they wait no more.
    const subjects = await get<Array<{ id: number; classRooms: Array<{ id: number }> }>>(base, '/Courses/GetTeacherSubjects', tokens.teacher2)
    const course = {
      subjectId: subjects.body.responseData[0]!.id,
      classRoomIds: [subjects.body.responseData[0]!.classRooms[0]!.id],
      title: 'Twenty slides',
      releaseDate: '2026-12-01',
      description: 'All of them.',
      attachmentIds: twenty,
    }
    expect((await post(base, '/Courses/Create', course, tokens.teacher2)).body.responseCode).toBe(200)
    ok(await courseUpload(pdf, 'next week.pdf', tokens.teacher2))
  })

  it("an account uploads at most the school's bytes per day (157 in both languages, nothing stored, parallel uploads included); refused files give their bytes back; the next day starts afresh", async () => {
    const set = await homework('Daily bytes')
    const file = pdfOf(10_000)
    const teacherId = (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [accounts.teacher.email]))[0]!.id
    const usedToday =
      (await server.db.query<{ bytes: number }>('SELECT bytes::float8 AS bytes FROM upload_usage WHERE account_id = $1', [teacherId]))[0]?.bytes ?? 0
    // Room for four of the files and 2,500 bytes more.
    await setDailyBytes(usedToday + 42_500)
    try {
      // A refused upload (not a type she may send) gives its bytes back.
      expect((await courseUpload(new TextEncoder().encode('GIF89a'.padEnd(9_000, ' ')), 'picture.pdf')).body.responseCode).toBe(105)
      const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => courseUpload(file, `part ${i}.pdf`)))
      expect(codes(parallel)).toEqual([200, 200, 200, 200, 157, 157, 157, 157])
      const before = await stored()
      refused(await courseUpload(file, 'late.pdf'), 157, /today's upload limit/)
      refused(await courseUpload(file, 'late.pdf', tokens.teacher, 'ar-EG'), 157, /الحد اليومي/)
      expect(await stored()).toEqual(before)
      // Under what is left, a smaller file still goes, and nothing past it.
      ok(await courseUpload(pdfOf(2_000), 'small.pdf'))
      refused(await courseUpload(pdfOf(1_000), 'smaller.pdf'), 157, /today's upload limit/)
      // The student's answers count against her own allowance (she sent megabytes today: over it too).
      refused(await answerUpload(set.id, 'sheet', pdfOf(1_000), 'late.pdf'), 157, /today's upload limit/)
      // The next (UTC) day starts afresh.
      time.advance(hours(24))
      ok(await courseUpload(file, 'tomorrow.pdf'))
    } finally {
      await setDailyBytes(null)
    }
    expect((await rows()).reservations).toBe(0)
  })

  it('housekeeping drops reservations of uploads that never finished (after a day) and the daily counts of days past', async () => {
    const teacherId = (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [accounts.teacher.email]))[0]!.id
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const now = time.clock.now()
    await server.db.query(
      `INSERT INTO upload_reservations (school_id, account_id, scope, day, bytes, created_at) VALUES ($1, $2, 'course', $3::date, 10, $4), ($1, $2, 'course', $3::date, 10, $5)`,
      [schoolId, teacherId, day(now), new Date(now - hours(25)).toISOString(), new Date(now - hours(1)).toISOString()],
    )
    await server.db.query('INSERT INTO upload_usage (school_id, account_id, day, bytes) VALUES ($1, $2, $3::date, 5)', [
      schoolId,
      teacherId,
      day(now - hours(72)),
    ])
    await server.prune()
    expect((await rows()).reservations).toBe(1)
    expect(await server.db.query('SELECT 1 FROM upload_usage WHERE day = $1::date', [day(now - hours(72))])).toEqual([])
    expect((await server.db.query('SELECT 1 FROM upload_usage WHERE day = $1::date', [day(now)])).length).toBeGreaterThan(0)
  })
})
