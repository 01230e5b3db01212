import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { grantRole } from '../support/roles.ts'
import { accounts, call, expect105, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { postGeneratedVideo } from '../support/streamed-upload.ts'
import { api, get, homeworkAround, hours, insertHomework, post, studentOf } from '../support/submissions.ts'

const megabyte = 1024 * 1024

/** A file question, an audio question and a paragraph (which takes no files). */
const fileQuestions: ReadonlyArray<Question> = [
  { type: 9, id: 'sheet', header: 'Upload your worked sheet.', degree: 2 },
  { type: 10, id: 'voice', header: 'Read the poem aloud.', degree: 2 },
  { type: 4, id: 'essay', header: 'Explain your method.', degree: 1, modelAnswer: 'By halves.' },
]

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
/** The start of what Chromium's MediaRecorder writes: an EBML header with the `webm` doc type, then a little of the segment. */
const webmHead = new Uint8Array([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65,
  0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02, 0x18, 0x53, 0x80, 0x67,
])
const oggHead = new TextEncoder().encode('OggS\u0000\u0002 an Opus stream follows')
const padded = (head: Uint8Array, size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return bytes
}
const image = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#0f6f64' } })
      .png()
      .toBuffer(),
  )

describe.each(testDatabases)("students' file and audio answers, uploaded and opened, on $name", (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  const time = manualClock()
  const root = mkdtempSync(join(tmpdir(), 'fasl-answer-files-'))
  const tokens = { teacher: '', teacher2: '', student: '', student2: '' }
  let studentId: number
  let student2Id: number

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root), clock: time.clock })
    base = server.url
    ids = await demoIds(server.db)
    // teacher2 is the other teacher of Grade 4 B here: with Assignments, so only her class rooms limit her (authorization.test.ts: without it, 403).
    await grantRole(server.db, accounts.teacher2.email, 'Assignments')
    for (const role of ['teacher', 'teacher2', 'student', 'student2'] as const) tokens[role] = (await signedIn(base, accounts[role])).accessToken
    studentId = (await studentOf(server.db, accounts.student.email)).id
    student2Id = (await studentOf(server.db, accounts.student2.email)).id
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const storedFiles = () =>
    readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.parentPath.includes('answers')).length
  const rowCount = async () => (await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM answer_files'))[0]!.count
  const homework = (title: string, room = ids.roomA, dueInHours = 48) =>
    insertHomework(
      base,
      tokens.teacher,
      homeworkAround(time.clock.now(), room, ids.mathematics, dueInHours, { title, questions: fileQuestions, totalDegree: 5 }),
    )
  const upload = (homeworkId: number, questionId: string, bytes: Uint8Array, fileName: string, token = tokens.student, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<AnswerFile>(
      base,
      'POST',
      `${api}/Student/UploadAnswerFile?HomeworkID=${homeworkId}&QuestionID=${questionId}&FileName=${encodeURIComponent(fileName)}`,
      bytes,
      { token, language },
    )
  const uploaded = async (homeworkId: number, questionId: string, bytes: Uint8Array, fileName: string, token = tokens.student) => {
    const answer = await upload(homeworkId, questionId, bytes, fileName, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const draft = (homeworkId: number, version: number | null, answers: unknown, token = tokens.student) =>
    post<StudentHomework>(base, '/Student/SaveHomeworkDraft', { homeworkId, version, answers }, token)

  it("a recording's length (issue 21) is kept with her answer and read back by her teacher; one past the limit answers 105 on its field", async () => {
    const set = await homework('Recorded length')
    const voice = await uploaded(set.id, 'voice', padded(webmHead, 2000), 'recording.webm')
    for (const durationSeconds of [-1, 999, 'long']) {
      const refused = await draft(set.id, null, { voice: { type: 10, recordingId: voice.id, durationSeconds } }, tokens.student)
      expect105(refused, 'answers.voice.durationSeconds', /recording's length/u)
    }
    const saved = await draft(set.id, null, { voice: { type: 10, recordingId: voice.id, durationSeconds: 2.4 } })
    expect(saved.body.responseCode, JSON.stringify(saved.body)).toBe(200)
    const handedIn = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: saved.body.responseData.version, answers: saved.body.responseData.answers },
      tokens.student,
    )
    expect(handedIn.body.responseCode).toBe(200)
    const work = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${set.id}&StudentID=${studentId}`, tokens.teacher)
    expect(work.body.responseData.answers['voice']).toEqual({ type: 10, recordingId: voice.id, durationSeconds: 2.4 })
  })

  it('a student uploads a file and a recording, names them in her draft, hands in; she and her teacher open them by their links', async () => {
    const set = await homework('Poem and sheet')
    const sheet = await uploaded(set.id, 'sheet', pdf, 'ورقة العمل.pdf')
    expect(sheet).toMatchObject({ questionId: 'sheet', fileName: 'ورقة العمل.pdf', group: 'doc', extension: 'pdf', size: pdf.length })
    const voice = await uploaded(set.id, 'voice', padded(webmHead, 40_000), 'recording.webm')
    expect(voice).toMatchObject({ questionId: 'voice', group: 'audio', extension: 'weba', size: 40_000 })
    expect((await uploaded(set.id, 'voice', padded(oggHead, 2000), 'recording.ogg')).extension).toBe('ogg')

    const saved = await draft(set.id, null, { sheet: { type: 9, fileIds: [sheet.id] }, voice: { type: 10, recordingId: voice.id } })
    expect(saved.body.responseCode, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.responseData.answerFiles.map((file) => file.id).sort()).toEqual([sheet.id, voice.id].sort())
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: saved.body.responseData.version, answers: saved.body.responseData.answers },
      tokens.student,
    )
    expect(submitted.body.responseCode).toBe(200)

    const work = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${set.id}&StudentID=${studentId}`, tokens.teacher)
    const files = work.body.responseData.answerFiles
    expect(files.map((file) => [file.questionId, file.fileName])).toEqual([
      ['sheet', 'ورقة العمل.pdf'],
      ['voice', 'recording.webm'],
    ])
    const audio = await fetch(base + files[1]!.url)
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toBe('audio/webm')
    expect((await audio.arrayBuffer()).byteLength).toBe(40_000)
    const document = await fetch(base + files[0]!.url)
    expect(document.headers.get('content-type')).toBe('application/pdf')
    // Her Arabic file name, RFC 5987-encoded beside a plain ASCII one.
    expect(document.headers.get('content-disposition')).toBe(`attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent('ورقة العمل.pdf')}`)
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(pdf)
    // The name is signed into the link: changing it (or the path) is refused.
    expect((await fetch(base + files[0]!.url.replace(/name=[^&]+/u, 'name=evil.exe'))).status).toBe(403)
    expect((await fetch(base + files[0]!.url.split('?')[0]!)).status).toBe(403)
  })

  it('checks each file by its content and size with the spec messages (both languages), and stores nothing refused', async () => {
    const set = await homework('Refusals')
    const before = { rows: await rowCount(), files: storedFiles() }
    expect105(await upload(set.id, 'sheet', new TextEncoder().encode('GIF89a a picture named as a PDF'), 'sheet.pdf'), 'file', /File type not supported/)
    expect105(await upload(set.id, 'sheet', new TextEncoder().encode('GIF89a'), 'sheet.pdf', tokens.student, 'ar-EG'), 'file', /نوع الملف غير مدعوم/)
    expect105(await upload(set.id, 'voice', pdf, 'recording.webm'), 'file', /a recording must be WebM, Ogg or MP4 audio/)
    expect105(await upload(set.id, 'sheet', await image(400, 900), 'photo.png'), 'file', /more than 400 pixels/)
    const bigPng = await image(600, 450)
    expect105(await upload(set.id, 'sheet', padded(bigPng, 10 * megabyte), 'photo.png'), 'file', /an image must be smaller than 10 MB/)
    expect105(await upload(set.id, 'voice', padded(webmHead, 10 * megabyte), 'long.webm'), 'file', /a file must be smaller than 10 MB/)
    expect105(await upload(set.id, 'sheet', new Uint8Array(0), 'empty.pdf'), 'file', /Invalid files/)
    expect105(await upload(set.id, 'essay', pdf, 'essay.pdf'), 'QuestionID', /only file-upload and audio questions take them/)
    expect105(await upload(set.id, 'ghost', pdf, 'ghost.pdf'), 'QuestionID', /not part of this homework/)
    expect105(await upload(set.id, 'sheet', pdf, ''), 'FileName', /required/i)
    expect({ rows: await rowCount(), files: storedFiles() }).toEqual(before)
    // One byte under each limit passes.
    expect((await upload(set.id, 'sheet', padded(bigPng, 10 * megabyte - 1), 'photo.png')).status).toBe(200)
    expect((await upload(set.id, 'voice', padded(webmHead, 10 * megabyte - 1), 'long.webm')).status).toBe(200)
    expect((await upload(set.id, 'sheet', await image(401, 401), 'photo.png')).status).toBe(200)
  })

  it('a draft names at most 20 files, each once, her own for that homework and question; anything else is 105 on the answer', async () => {
    const set = await homework('Whose files')
    const other = await homework('Another homework')
    const inB = await homework('For Grade 4 B', ids.roomB)
    const mine = await uploaded(set.id, 'sheet', pdf, 'mine.pdf')
    const myVoice = await uploaded(set.id, 'voice', padded(webmHead, 1000), 'voice.webm')
    const elsewhere = await uploaded(other.id, 'sheet', pdf, 'elsewhere.pdf')
    const theirs = await uploaded(inB.id, 'sheet', pdf, 'theirs.pdf', tokens.student2)
    const field = 'answers.sheet.fileIds'
    expect105(await draft(set.id, null, { sheet: { type: 9, fileIds: [mine.id, theirs.id] } }), field, /Invalid files/)
    expect105(await draft(set.id, null, { sheet: { type: 9, fileIds: [elsewhere.id] } }), field, /Invalid files/)
    expect105(await draft(set.id, null, { sheet: { type: 9, fileIds: [myVoice.id] } }), field, /Invalid files/)
    expect105(await draft(set.id, null, { sheet: { type: 9, fileIds: [mine.id, mine.id] } }), field, /Invalid files/)
    expect105(await draft(set.id, null, { voice: { type: 10, recordingId: mine.id } }), 'answers.voice.recordingId', /Invalid files/)
    expect105(
      await draft(set.id, null, { sheet: { type: 9, fileIds: Array.from({ length: 21 }, (_, i) => mine.id + i) } }),
      field,
      /Too many files: attach at most 20 files/,
    )
    // student2 cannot name the student's file in her own homework either, nor upload to a homework not aimed at her.
    expect105(await draft(inB.id, null, { sheet: { type: 9, fileIds: [mine.id] } }, tokens.student2), field, /Invalid files/)
    expect((await upload(set.id, 'sheet', pdf, 'x.pdf', tokens.student2)).status).toBe(404)
    expect((await upload(set.id, 'sheet', pdf, 'x.pdf', tokens.teacher)).status).toBe(403)
    expect(await server.db.query('SELECT 1 FROM homework_submissions WHERE homework_id = $1', [set.id])).toEqual([])
    // Her own, for the right question: accepted.
    expect((await draft(set.id, null, { sheet: { type: 9, fileIds: [mine.id] }, voice: { type: 10, recordingId: myVoice.id } })).body.responseCode).toBe(200)
  })

  it('only while she may answer: handed in (151) or past due (150), refused before a byte is stored', async () => {
    const handedIn = await homework('Handed in')
    const done = await post<StudentHomework>(base, '/Student/SubmitHomework', { homeworkId: handedIn.id, version: null, answers: {} }, tokens.student)
    expect(done.body.responseCode).toBe(200)
    const late = await homework('Due soon', ids.roomA, 2)
    const before = { rows: await rowCount(), files: storedFiles() }
    expect((await upload(handedIn.id, 'sheet', pdf, 'late.pdf')).body.responseCode).toBe(151)
    time.advance(hours(3))
    expect((await upload(late.id, 'voice', padded(webmHead, 1000), 'late.webm')).body.responseCode).toBe(150)
    expect({ rows: await rowCount(), files: storedFiles() }).toEqual(before)
  })

  it('a teacher opens the files only of class rooms she teaches: another teacher reads no work and no links', async () => {
    const inB = await homework('Room B sheet', ids.roomB)
    const theirs = await uploaded(inB.id, 'sheet', pdf, 'theirs.pdf', tokens.student2)
    expect((await draft(inB.id, null, { sheet: { type: 9, fileIds: [theirs.id] } }, tokens.student2)).body.responseCode).toBe(200)
    // teacher2 teaches Grade 4 B: she sees it. For Grade 4 A's student she gets 404 (submissions-tenancy.test.ts covers another school).
    const forTeacher2 = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${inB.id}&StudentID=${student2Id}`, tokens.teacher2)
    expect(forTeacher2.body.responseData.answerFiles.map((file) => file.id)).toEqual([theirs.id])
    const set = await homework('Room A sheet')
    expect((await get(base, `/HomeWork/GetStudentSubmission?HomeworkID=${set.id}&StudentID=${studentId}`, tokens.teacher2)).status).toBe(404)
  })

  it('housekeeping deletes uploads no saved answer names a day later, row and file; named ones stay; removing the homework removes its files', async () => {
    const set = await homework('Housekeeping')
    const named = await uploaded(set.id, 'sheet', pdf, 'named.pdf')
    const replaced = await uploaded(set.id, 'voice', padded(webmHead, 1000), 'first take.webm')
    const abandoned = await uploaded(set.id, 'sheet', pdf, 'abandoned.pdf')
    const recent = await uploaded(set.id, 'sheet', pdf, 'recent.pdf')
    const first = await draft(set.id, null, { sheet: { type: 9, fileIds: [named.id] }, voice: { type: 10, recordingId: replaced.id } })
    const retake = await uploaded(set.id, 'voice', padded(webmHead, 1000), 'second take.webm')
    expect(
      (await draft(set.id, first.body.responseData.version, { sheet: { type: 9, fileIds: [named.id] }, voice: { type: 10, recordingId: retake.id } })).body
        .responseCode,
    ).toBe(200)
    await server.db.query(`UPDATE answer_files SET created_at = now() - interval '25 hours' WHERE id <> $1 AND homework_id = $2`, [recent.id, set.id])
    const files = storedFiles()
    await server.prune()
    const left = (await server.db.query<{ id: number }>('SELECT id FROM answer_files WHERE homework_id = $1 ORDER BY id', [set.id])).map((row) => row.id)
    expect(left).toEqual([named.id, recent.id, retake.id])
    expect(left).not.toContain(abandoned.id)
    expect(storedFiles()).toBe(files - 2)

    const removed = await post(base, '/HomeWork/RemoveHomeWork?forceDelete=true', { id: set.id }, tokens.teacher)
    expect(removed.body.responseCode, JSON.stringify(removed.body)).toBe(200)
    expect(await server.db.query('SELECT 1 FROM answer_files WHERE homework_id = $1', [set.id])).toEqual([])
    expect(storedFiles()).toBe(files - 5)
  })

  it('streams a 150 MB video answer to the store without the process memory growing by more than 64 MB', async () => {
    const set = await homework('A filmed experiment')
    const size = 150 * megabyte
    const answer = await postGeneratedVideo(
      `${base}${api}/Student/UploadAnswerFile?HomeworkID=${set.id}&QuestionID=sheet&FileName=experiment.mp4`,
      tokens.student,
      size,
    )
    console.info(`150 MB answer upload: rss grew ${answer.growth.rss.toFixed(1)} MB, arrayBuffers ${answer.growth.arrayBuffers.toFixed(1)} MB`)
    expect(answer.status, answer.body).toBe(200)
    expect((JSON.parse(answer.body) as { responseData: AnswerFile }).responseData).toMatchObject({ group: 'video', extension: 'mp4', size })
    expect(answer.growth.rss).toBeLessThan(64)
    expect(answer.growth.arrayBuffers).toBeLessThan(64)
  }, 180_000)
})
