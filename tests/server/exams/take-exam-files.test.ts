import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, expect105, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { startRecordingServer, type RecordingServer } from '../support/refusals.ts'
import { secondSchoolStudent, seedSecondSchool, seedSecondSchoolStudent } from '../support/second-school.ts'
import { demoStudent, linkOf, seedExam, takeExamCalls, type DemoStudent } from '../support/take-exam.ts'

const minute = 60_000

/** A file question, an audio question and a paragraph (which takes no files). */
const fileQuestions: ReadonlyArray<Question> = [
  { type: 9, id: 'sheet', header: 'Upload your worked sheet.', degree: 2 },
  { type: 10, id: 'voice', header: 'Read the poem aloud.', degree: 2 },
  { type: 4, id: 'essay', header: 'Explain your method.', degree: 1, modelAnswer: 'By halves.' },
]

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
/** The start of what Chromium's MediaRecorder writes: an EBML header with the `webm` doc type. */
const webm = (() => {
  const head = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]
  const bytes = new Uint8Array(4000)
  bytes.set([...head, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02, 0x18, 0x53, 0x80, 0x67])
  return bytes
})()

/*
 * File and audio answers of an exam, through the student's single-use link on the real database:
 * uploaded from the device holding the link, named by her saved answers, shown back to her and to
 * the corrector of her paper by signed links; never another student's, another attempt's or another
 * school's; refused after her deadline and its grace period, and at her upload limits.
 */
describe.each(testDatabases)('file and audio answers of an exam, on $name', (database) => {
  let refusals: RecordingServer
  let server: StartedServer
  const time = manualClock()
  const root = mkdtempSync(join(tmpdir(), 'fasl-exam-files-'))
  let student: DemoStudent
  let student2: DemoStudent
  const tokens = { student: '', student2: '', otherSchool: '', teacher: '' }
  let her: ReturnType<typeof takeExamCalls>
  let other: ReturnType<typeof takeExamCalls>

  beforeAll(async () => {
    refusals = await startRecordingServer(database, { fileStore: diskFileStore(root), clock: time.clock })
    server = refusals.server
    await seedSecondSchoolStudent(server.db, await seedSecondSchool(server.db))
    student = await demoStudent(server.db, accounts.student.email)
    student2 = await demoStudent(server.db, accounts.student2.email)
    tokens.student = (await signedIn(server.url, accounts.student)).accessToken
    tokens.student2 = (await signedIn(server.url, accounts.student2)).accessToken
    tokens.otherSchool = (await signedIn(server.url, secondSchoolStudent)).accessToken
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    her = takeExamCalls(server.url, tokens.student)
    other = takeExamCalls(server.url, tokens.student2)
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const fileRows = async () => (await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM exam_answer_files'))[0]!.count
  const uploadPath = (link: { token: string; deviceKey: string }, questionId: string, fileName: string) =>
    `/exam/api/Sessions/UploadExamAnswerFile?Token=${link.token}&DeviceKey=${link.deviceKey}&QuestionID=${questionId}&FileName=${encodeURIComponent(fileName)}`
  const upload = (
    link: { token: string; deviceKey: string },
    questionId: string,
    bytes: Uint8Array,
    fileName: string,
    token = tokens.student,
    language: 'en-US' | 'ar-EG' = 'en-US',
  ) => call<AnswerFile>(server.url, 'POST', uploadPath(link, questionId, fileName), bytes, { token, language })
  const uploaded = async (link: { token: string; deviceKey: string }, questionId: string, bytes: Uint8Array, fileName: string, token = tokens.student) => {
    const answer = await upload(link, questionId, bytes, fileName, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const given = () => new Date(time.clock.now()).toISOString()

  /** An exam with file questions aimed at both demo students, opened by `who` on her own device. */
  const openedExam = async (calls = her, name = 'tablet', durationMinutes = 30) => {
    const examId = await seedExam(server.db, student.schoolId, {
      now: time.clock.now(),
      target: { studentIds: [student.studentId, student2.studentId] },
      questions: fileQuestions,
      durationMinutes,
    })
    const link = { token: (await linkOf(calls, examId))!, deviceKey: `device-${name}-${examId}-0123456789` }
    expect((await calls.open(link)).status).toBe(200)
    return { examId, link }
  }

  it('takes her file and recording through her link, keeps them named by her answers, and shows them back by signed links after a reload', async () => {
    const { link } = await openedExam()
    const sheet = await uploaded(link, 'sheet', pdf, 'ورقة العمل.pdf')
    expect(sheet).toMatchObject({ questionId: 'sheet', fileName: 'ورقة العمل.pdf', group: 'doc', extension: 'pdf', size: pdf.length })
    const voice = await uploaded(link, 'voice', webm, 'recording.webm')
    expect(voice).toMatchObject({ questionId: 'voice', group: 'audio' })
    const answers = { sheet: { type: 9, fileIds: [sheet.id] }, voice: { type: 10, recordingId: voice.id, durationSeconds: 3 } }
    const saved = await her.save({ ...link, answers, markedForReview: [], givenAt: given() })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const reopened = (await her.open(link)).body.responseData
    expect(reopened.answers).toEqual(answers)
    expect(reopened.answerFiles.map((file) => [file.questionId, file.fileName])).toEqual([
      ['sheet', 'ورقة العمل.pdf'],
      ['voice', 'recording.webm'],
    ])
    const document = await fetch(server.url + reopened.answerFiles[0]!.url)
    expect(document.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(pdf)
    // The link is the only way to the bytes: its path alone is refused.
    expect((await fetch(server.url + reopened.answerFiles[0]!.url.split('?')[0]!)).status).toBe(403)
  })

  it("refuses naming another student's file, another attempt's, one of hers for another question, or one twice: 105 in the request's language", async () => {
    const { link } = await openedExam(her, 'mine')
    const { link: otherLink } = await openedExam(other, 'theirs')
    const { link: earlierLink } = await openedExam(her, 'earlier')
    const mine = await uploaded(link, 'sheet', pdf, 'mine.pdf')
    const myVoice = await uploaded(link, 'voice', webm, 'voice.webm')
    const theirs = await uploaded(otherLink, 'sheet', pdf, 'theirs.pdf', tokens.student2)
    const earlier = await uploaded(earlierLink, 'sheet', pdf, 'earlier.pdf')
    const save = (answers: unknown, language: 'en-US' | 'ar-EG' = 'en-US') =>
      call(
        server.url,
        'POST',
        '/exam/api/Sessions/SaveExamAnswers',
        { ...link, answers, markedForReview: [], givenAt: given() },
        {
          token: tokens.student,
          idempotencyKey: crypto.randomUUID(),
          language,
        },
      )
    const field = 'answers.sheet.fileIds'
    expect105(await save({ sheet: { type: 9, fileIds: [theirs.id] } }), field, /Invalid files/)
    expect105(await save({ sheet: { type: 9, fileIds: [theirs.id] } }, 'ar-EG'), field, /[\u0600-\u06FF]/u)
    expect105(await save({ sheet: { type: 9, fileIds: [mine.id, earlier.id] } }), field, /Invalid files/)
    expect105(await save({ sheet: { type: 9, fileIds: [myVoice.id] } }), field, /Invalid files/)
    expect105(await save({ sheet: { type: 9, fileIds: [mine.id, mine.id] } }), field, /Invalid files/)
    expect105(await save({ voice: { type: 10, recordingId: theirs.id } }), 'answers.voice.recordingId', /Invalid files/)
    // Her saved answers are untouched by every refusal; the other student cannot name hers either.
    expect((await her.open(link)).body.responseData.answers).toEqual({})
    const theirSave = await other.save({ ...otherLink, answers: { sheet: { type: 9, fileIds: [mine.id] } }, markedForReview: [], givenAt: given() })
    expect105(theirSave, field, /Invalid files/)
  })

  it("refuses uploads through another student's, another school's or another device's hold of the link, and from a teacher; nothing is stored", async () => {
    const { link } = await openedExam(her, 'held')
    const path = uploadPath(link, 'sheet', 'x.pdf').replace('/exam/api', '')
    const otherDevice = uploadPath({ ...link, deviceKey: 'device-somewhere-else-0123456789' }, 'sheet', 'x.pdf').replace('/exam/api', '')
    const refusal = { schoolId: student.schoolId, statuses: [400, 403], unchanged: fileRows }
    await refusals.expectAllRefused({ ...refusal, token: tokens.student2 }, [['POST', path, pdf]], '/exam/api')
    await refusals.expectAllRefused({ ...refusal, token: tokens.student }, [['POST', otherDevice, pdf]], '/exam/api')
    await refusals.expectAllRefused({ ...refusal, token: tokens.teacher }, [['POST', path, pdf]], '/exam/api')
    const [secondSchool] = await server.db.query<{ id: number }>(`SELECT school_id AS id FROM users WHERE email = $1`, [secondSchoolStudent.email])
    await refusals.expectAllRefused({ ...refusal, schoolId: secondSchool!.id, token: tokens.otherSchool }, [['POST', path, pdf]], '/exam/api')
    const refused = await upload(link, 'sheet', pdf, 'x.pdf', tokens.student2, 'ar-EG')
    expect(refused.body.responseCode).toBe(190)
    expect(refused.body.responseMessage).toBe('رابط هذا الامتحان لم يعد صالحًا، فهو للاستخدام مرة واحدة فقط.')
    // A link never opened on any device takes no file either.
    const examId = await seedExam(server.db, student.schoolId, { now: time.clock.now(), target: { studentIds: [student.studentId] }, questions: fileQuestions })
    const unopened = { token: (await linkOf(her, examId))!, deviceKey: 'device-never-opened-0123456789' }
    expect((await upload(unopened, 'sheet', pdf, 'x.pdf')).body.responseCode).toBe(190)
  })

  it('checks the question (105 on QuestionID) and the file by its content with the catalogue messages', async () => {
    const { link } = await openedExam(her, 'checks')
    const before = await fileRows()
    expect105(await upload(link, 'essay', pdf, 'essay.pdf'), 'QuestionID', /only file-upload and audio questions take them/)
    expect105(await upload(link, 'ghost', pdf, 'ghost.pdf'), 'QuestionID', /not part of this exam/)
    expect105(await upload(link, 'voice', pdf, 'recording.webm'), 'file', /a recording must be WebM, Ogg or MP4 audio/)
    expect105(await upload(link, 'sheet', new TextEncoder().encode('GIF89a'), 'sheet.pdf', tokens.student, 'ar-EG'), 'file', /نوع الملف غير مدعوم/)
    expect105(await upload(link, 'sheet', pdf, ''), 'FileName', /required/iu)
    expect(await fileRows()).toBe(before)
  })

  it('takes files within the grace period after her deadline, then refuses them with the time-up message (193); after finishing 194', async () => {
    const { link } = await openedExam(her, 'late', 10)
    time.advance(10 * minute + 60_000)
    expect((await upload(link, 'sheet', pdf, 'in-grace.pdf')).status).toBe(200)
    time.advance(2 * minute)
    const late = await upload(link, 'sheet', pdf, 'late.pdf')
    expect(late.status).toBe(400)
    expect(late.body.responseCode).toBe(193)
    expect(late.body.responseMessage).toContain('Your time was up')
    const lateInArabic = await upload(link, 'voice', webm, 'late.webm', tokens.student, 'ar-EG')
    expect(lateInArabic.body.responseMessage).toContain('انتهى وقتك')

    const { link: finished } = await openedExam(her, 'finished')
    expect((await her.finish({ ...finished, answers: {}, markedForReview: [], givenAt: given() })).status).toBe(200)
    expect((await upload(finished, 'sheet', pdf, 'after.pdf')).body.responseCode).toBe(194)
  })

  it('holds her to 20 files of one question that no saved answer names (195), and to her bytes of the day (157)', async () => {
    const { link } = await openedExam(her, 'limits')
    const first = await uploaded(link, 'sheet', pdf, 'first.pdf')
    for (let index = 1; index < 20; index += 1) await uploaded(link, 'sheet', pdf, `sheet-${index}.pdf`)
    const over = await upload(link, 'sheet', pdf, 'one-too-many.pdf')
    expect(over.body.responseCode).toBe(195)
    expect(over.body.responseMessage).toContain('20 files for this question')
    // Naming one frees its place; the recording question counts apart.
    expect((await her.save({ ...link, answers: { sheet: { type: 9, fileIds: [first.id] } }, markedForReview: [], givenAt: given() })).status).toBe(200)
    expect((await upload(link, 'sheet', pdf, 'now-fits.pdf')).status).toBe(200)
    await server.db.query('UPDATE schools SET upload_bytes_per_account_per_day = 10 WHERE id = $1', [student.schoolId])
    try {
      const quota = await upload(link, 'voice', webm, 'voice.webm')
      expect(quota.body.responseCode).toBe(157)
    } finally {
      await server.db.query('UPDATE schools SET upload_bytes_per_account_per_day = NULL WHERE id = $1', [student.schoolId])
    }
  })
})
