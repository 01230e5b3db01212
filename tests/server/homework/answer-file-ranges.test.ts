import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { seedSecondSchool, secondSchool } from '../support/second-school.ts'
import { api, get, homeworkAround, insertHomework, post, studentOf } from '../support/submissions.ts'

const questions: ReadonlyArray<Question> = [{ type: 10, id: 'voice', header: 'Read the poem aloud.', degree: 2 }]

/** The start of what Chromium's MediaRecorder writes (an EBML header with the `webm` doc type), then bytes that count up, so any part can be checked. */
const recording = (size: number) => {
  const bytes = new Uint8Array(size).map((_, index) => index % 251)
  bytes.set([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65,
    0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02, 0x18, 0x53, 0x80, 0x67,
  ])
  return bytes
}
const size = 40_000

describe.each(testDatabases)('a stored answer file answers byte ranges (a player seeking), behind its signed link, on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  const root = mkdtempSync(join(tmpdir(), 'fasl-ranges-'))
  const tokens = { teacher: '', student: '', student2: '', secondTeacher: '' }
  const bytes = recording(size)
  let link = ''
  let otherStudentsPath = ''
  let studentId = 0

  const handedIn = async (room: number, token: string) => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(Date.now(), room, ids.mathematics, 48, { title: 'Poem', questions, totalDegree: 2 }))
    const upload = await call<AnswerFile>(base, 'POST', `${api}/Student/UploadAnswerFile?HomeworkID=${set.id}&QuestionID=voice&FileName=poem.webm`, bytes, {
      token,
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(200)
    const answers = { voice: { type: 10, recordingId: upload.body.responseData.id } }
    const submitted = await post<StudentHomework>(base, '/Student/SubmitHomework', { homeworkId: set.id, version: null, answers }, token)
    expect(submitted.body.responseCode, JSON.stringify(submitted.body)).toBe(200)
    return set.id
  }

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root) })
    base = server.url
    ids = await demoIds(server.db)
    await seedSecondSchool(server.db)
    for (const role of ['teacher', 'student', 'student2'] as const) tokens[role] = (await signedIn(base, accounts[role])).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    studentId = (await studentOf(server.db, accounts.student.email)).id
    const homeworkId = await handedIn(ids.roomA, tokens.student)
    const work = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`, tokens.teacher)
    link = base + work.body.responseData.answerFiles[0]!.url
    // student2's recording, in Grade 4 B: her own read carries its link; only its path is needed here.
    const theirs = await handedIn(ids.roomB, tokens.student2)
    const opened = await post<StudentHomework>(base, '/Student/OpenHomework', { homeworkId: theirs }, tokens.student2)
    otherStudentsPath = opened.body.responseData.answerFiles[0]!.url.split('?')[0]!
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const ranged = (range: string, url = link) => fetch(url, { headers: { range } })
  const body = async (answer: Response) => new Uint8Array(await answer.arrayBuffer())

  it('the whole file says it takes ranges and how long it is (200)', async () => {
    const whole = await fetch(link)
    expect([whole.status, whole.headers.get('accept-ranges'), whole.headers.get('content-length'), whole.headers.get('content-type')]).toEqual([
      200,
      'bytes',
      String(size),
      'audio/webm',
    ])
    expect(await body(whole)).toEqual(bytes)
  })

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=39990-', 39_990, 39_999],
    ['bytes=-16', size - 16, size - 1],
    ['bytes=39999-50000', 39_999, 39_999],
    ['bytes=0-', 0, size - 1],
  ])('%s answers 206 with that part and its Content-Range', async (range, start, end) => {
    const part = await ranged(range)
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length'), part.headers.get('accept-ranges')]).toEqual([
      206,
      `bytes ${start}-${end}/${size}`,
      String(end - start + 1),
      'bytes',
    ])
    expect(part.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(await body(part)).toEqual(bytes.slice(start, end + 1))
  })

  it.each(['bytes=40000-', 'bytes=40000-40010', 'bytes=-0'])('%s lies past the end: 416 with the size in Content-Range, no bytes', async (range) => {
    const refused = await ranged(range)
    expect([refused.status, refused.headers.get('content-range')]).toEqual([416, `bytes */${size}`])
    // Answered in the envelope, as the file route's 403 and 404 are: none of the file's bytes.
    expect(((await refused.json()) as { responseCode: number }).responseCode).toBe(416)
  })

  it.each(['bytes=5-2', 'items=0-9', 'bytes=0-9,20-29', 'bytes=abc'])('%s is not one range it can read: the whole file (200)', async (range) => {
    const whole = await ranged(range)
    expect(whole.status).toBe(200)
    expect((await body(whole)).byteLength).toBe(size)
  })

  it("refuses a part of another student's file under this link, of an unsigned path, and of a tampered signature (403)", async () => {
    const query = link.slice(link.indexOf('?'))
    expect((await ranged('bytes=0-99', base + otherStudentsPath + query)).status).toBe(403)
    expect((await ranged('bytes=0-99', link.split('?')[0]!)).status).toBe(403)
    expect((await ranged('bytes=0-99', link.replace(/sig=./u, 'sig=A'))).status).toBe(403)
    expect((await ranged('bytes=0-99', link.replace(/exp=\d+/u, 'exp=1'))).status).toBe(403)
  })

  it("another school's teacher and another student are given no link to her recording (404)", async () => {
    const [first] = await server.db.query<{ homework_id: number }>('SELECT homework_id FROM answer_files ORDER BY id LIMIT 1')
    const homeworkId = first!.homework_id
    expect((await get(base, `/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`, tokens.secondTeacher)).status).toBe(404)
    expect((await post(base, '/Student/OpenHomework', { homeworkId }, tokens.student2)).status).toBe(404)
  })
})
