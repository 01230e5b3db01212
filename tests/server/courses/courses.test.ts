import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course, CourseAttachment, TeacherSubject } from '../../../plugins/courses/contract/courses-api.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn, type Answer, type CallOptions } from '../support/http.ts'
import { seedSecondSchool, secondSchool, type SecondSchool } from '../support/second-school.ts'
import { generatedVideo, megabyte, mp4Head } from '../../support/generated-video.ts'
import { postGeneratedVideo } from '../support/streamed-upload.ts'

const api = '/school/api'

const image = async (width: number, height: number, format: 'png' | 'jpeg') =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#0f6f64' } })
      [format]()
      .toBuffer(),
  )
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const padded = (head: Uint8Array, size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return bytes
}

describe.each(testDatabases)('courses of a subject, with streamed attachments, on $name', (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  const root = mkdtempSync(join(tmpdir(), 'fasl-course-files-'))
  const tokens = { teacher: '', teacher2: '', secondTeacher: '' }
  let mathematics: number
  let physics: number
  /** Grade 4 A: the demo student's class room, one of the teacher's with Mathematics. */
  let studentRoom: number
  let bigPng: Uint8Array

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root) })
    base = server.url
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.teacher2 = (await signedIn(base, accounts.teacher2)).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    const [school] = await server.db.query<{ school_id: number }>(`SELECT school_id FROM users WHERE email = $1`, [accounts.teacher.email])
    const subjectId = async (name: string) =>
      (await server.db.query<{ id: number }>('SELECT id FROM subjects WHERE school_id = $1 AND name_en = $2', [school!.school_id, name]))[0]!.id
    mathematics = await subjectId('Mathematics')
    physics = await subjectId('Physics')
    studentRoom = (
      await server.db.query<{ id: number }>('SELECT st.class_room_id AS id FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = $1', [
        accounts.student.email,
      ])
    )[0]!.id
    bigPng = await image(600, 450, 'png')
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const storedFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
  const counts = async () =>
    (
      await server.db.query<{ courses: number; attachments: number }>(
        'SELECT (SELECT count(*)::int FROM courses) AS courses, (SELECT count(*)::int FROM course_attachments) AS attachments',
      )
    )[0]!
  const get = <T>(path: string, token = tokens.teacher, options: CallOptions = {}) => call<T>(base, 'GET', api + path, undefined, { token, ...options })
  const post = <T>(path: string, body: unknown, token = tokens.teacher, options: CallOptions = {}) =>
    call<T>(base, 'POST', api + path, body, { token, ...options })
  const upload = (bytes: Uint8Array, fileName = 'file.bin', token = tokens.teacher, options: CallOptions = {}) =>
    post<CourseAttachment>(`/Courses/UploadAttachment?FileName=${encodeURIComponent(fileName)}`, bytes, token, options)
  const uploaded = async (bytes: Uint8Array, fileName: string, token = tokens.teacher) => {
    const answer = await upload(bytes, fileName, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const courseInput = (attachmentIds: number[], subjectId = mathematics) => ({
    subjectId,
    classRoomIds: [studentRoom],
    title: 'Fractions, week 1',
    releaseDate: '2026-12-01',
    description: 'Slides and a short video.',
    attachmentIds,
  })
  const expect105 = (answer: Answer, field: string, message: RegExp) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.responseCode).toBe(105)
    const item = answer.body.validationList.find((entry) => entry.field === field)
    expect(item?.message, JSON.stringify(answer.body.validationList)).toMatch(message)
  }

  it("lists the subjects the teacher teaches, in the caller's language", async () => {
    const english = await get<TeacherSubject[]>('/Courses/GetTeacherSubjects')
    expect(english.body.responseData.map((subject) => subject.name)).toContain('Mathematics')
    expect(english.body.responseData.map((subject) => subject.name)).not.toContain('Physics')
    const arabic = await get<TeacherSubject[]>('/Courses/GetTeacherSubjects', tokens.teacher, { language: 'ar-EG' })
    expect(arabic.body.responseData.map((subject) => subject.id).sort()).toEqual(english.body.responseData.map((subject) => subject.id).sort())
    expect(arabic.body.responseData.map((subject) => subject.name).join(' ')).toMatch(/[\u0600-\u06FF]/)
  })

  it('creates a course with a PDF and an image, reads, lists, updates and deletes it (and its files)', async () => {
    const before = storedFiles()
    const document = await uploaded(pdf, 'lesson.pdf')
    expect(document).toMatchObject({ fileName: 'lesson.pdf', group: 'doc', extension: 'pdf', size: pdf.length, width: null })
    const photo = await uploaded(bigPng, 'board.png')
    expect(photo).toMatchObject({ group: 'photo', extension: 'png', width: 600, height: 450 })
    const created = await post<Course>('/Courses/Create', { ...courseInput([photo.id, document.id]), title: '  Fractions, week 1  ' })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const course = created.body.responseData
    expect(course).toMatchObject({ subjectId: mathematics, subjectName: 'Mathematics', title: 'Fractions, week 1', releaseDate: '2026-12-01' })
    expect(course.attachments.map((attachment) => attachment.fileName)).toEqual(['board.png', 'lesson.pdf'])
    expect((await get<Course>(`/Courses/GetCourse?CourseID=${course.id}`)).body.responseData.id).toBe(course.id)
    expect((await get<Course[]>('/Courses/GetTeacherCourses')).body.responseData.map((c) => c.id)).toContain(course.id)
    expect((await get<Course[]>(`/Courses/GetTeacherCourses?SubjectID=${mathematics}`)).body.responseData.map((c) => c.id)).toContain(course.id)

    // The download: the signed link works, and serves the bytes as they were sent.
    const download = await fetch(base + course.attachments[1]!.url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf)

    // Update: the PDF leaves (its file is deleted), a new upload joins.
    const extra = await uploaded(await image(500, 800, 'jpeg'), 'notes.jpg')
    const updated = await post<Course>('/Courses/Update', { id: course.id, ...courseInput([extra.id, photo.id]), title: 'Fractions, week 2' })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body.responseData.title).toBe('Fractions, week 2')
    expect(updated.body.responseData.attachments.map((attachment) => attachment.extension)).toEqual(['jpg', 'png'])
    expect(storedFiles()).toBe(before + 2)
    expect((await fetch(base + course.attachments[1]!.url)).status).toBe(404)

    const deleted = await post(`/Courses/Delete`, { id: course.id })
    expect(deleted.body.responseCode).toBe(200)
    expect(storedFiles()).toBe(before)
    expect((await get(`/Courses/GetCourse?CourseID=${course.id}`)).status).toBe(404)
  })

  it('refuses a course without title, date or description, with bad lengths or no attachment: 105 and nothing stored', async () => {
    const photo = await uploaded(bigPng, 'p.png')
    const before = await counts()
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), title: 'ab' }), 'title', /3 to 60/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), title: 'x'.repeat(61) }), 'title', /3 to 60/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), title: '   ' }), 'title', /required/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), description: 'x'.repeat(500) }), 'description', /fewer than 500/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), description: '' }), 'description', /required/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), releaseDate: '2026-02-30' }), 'releaseDate', /valid date/)
    expect105(await post('/Courses/Create', { ...courseInput([photo.id]), releaseDate: '' }), 'releaseDate', /required/)
    expect105(await post('/Courses/Create', courseInput([])), 'attachmentIds', /at least one/)
    expect105(
      await post('/Courses/Create', courseInput(Array.from({ length: 21 }, (_, i) => i + 1))),
      'attachmentIds',
      /Too many files: attach at most 20 files/,
    )
    expect105(await post('/Courses/Create', courseInput([photo.id, photo.id])), 'attachmentIds', /Invalid files/)
    expect105(await post('/Courses/Create', courseInput([]), tokens.teacher, { language: 'ar-EG' }), 'attachmentIds', /أرفق ملفًا واحدًا على الأقل/)
    expect(await counts()).toEqual(before)
  })

  it('refuses files by their bytes, size and image sides with the spec messages, and stores nothing', async () => {
    const before = { ...(await counts()), files: storedFiles() }
    expect105(await upload(new TextEncoder().encode('GIF89a not one of ours'), 'pic.png'), 'file', /File type not supported/)
    expect105(await upload(new TextEncoder().encode('MZ an executable renamed'), 'lesson.pdf'), 'file', /File type not supported/)
    expect105(await upload(await image(16, 16, 'png'), 'tiny.png'), 'file', /more than 400 pixels/)
    expect105(await upload(await image(400, 900, 'jpeg'), 'narrow.jpg'), 'file', /more than 400 pixels/)
    expect105(await upload(padded(bigPng, 10 * megabyte), 'huge.png'), 'file', /File size exceeded: an image must be smaller than 10 MB/)
    expect105(await upload(new Uint8Array(0), 'empty.pdf'), 'file', /Invalid files/)
    expect105(await upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), 'cut.jpg'), 'file', /Invalid files/)
    const arabic = await upload(new TextEncoder().encode('GIF89a'), 'pic.png', tokens.teacher, { language: 'ar-EG' })
    expect105(arabic, 'file', /نوع الملف غير مدعوم/)
    expect({ ...(await counts()), files: storedFiles() }).toEqual(before)
    // Just under the image limit passes.
    expect((await upload(padded(bigPng, 10 * megabyte - 1), 'just-under.png')).status).toBe(200)
  })

  it("refuses another teacher's and another school's subjects, courses and uploads with 404 or 105, and stores nothing", async () => {
    const mine = await uploaded(pdf, 'mine.pdf')
    const course = (await post<Course>('/Courses/Create', courseInput([mine.id]))).body.responseData
    const theirs = await uploaded(pdf, 'theirs.pdf', tokens.teacher2)
    const before = await counts()
    // teacher2 teaches no class room with Mathematics; the second school's teacher is elsewhere altogether.
    for (const token of [tokens.teacher2, tokens.secondTeacher]) {
      expect((await get(`/Courses/GetCourse?CourseID=${course.id}`, token)).status).toBe(404)
      expect((await get<Course[]>('/Courses/GetTeacherCourses', token)).body.responseData.map((c) => c.id)).not.toContain(course.id)
      expect((await post('/Courses/Update', { id: course.id, ...courseInput([mine.id]) }, token)).status).toBe(404)
      expect((await post('/Courses/Delete', { id: course.id }, token)).status).toBe(404)
      expect((await post('/Courses/DeleteUpload', { id: mine.id }, token)).status).toBe(404)
    }
    expect((await post('/Courses/Create', courseInput([mine.id], physics))).status).toBe(404)
    expect((await post('/Courses/Create', courseInput([mine.id], second.subjectId))).status).toBe(404)
    // Someone else's upload cannot be listed, nor one already on a course.
    const fresh = await uploaded(pdf, 'fresh.pdf')
    expect105(await post('/Courses/Create', courseInput([fresh.id, theirs.id])), 'attachmentIds', /Invalid files/)
    expect105(await post('/Courses/Create', courseInput([fresh.id, mine.id])), 'attachmentIds', /Invalid files/)
    expect(await counts()).toEqual({ courses: before.courses, attachments: before.attachments + 1 })
    // The second school's teacher sees none of this school's courses.
    expect((await get<Course[]>('/Courses/GetTeacherCourses', tokens.secondTeacher)).body.responseData).toEqual([])
  })

  it('serves an attachment only through its signed link: no link, a changed path or a tampered signature answer 403', async () => {
    const photo = await uploaded(bigPng, 'secret.png')
    const course = (await post<Course>('/Courses/Create', courseInput([photo.id]))).body.responseData
    const link = course.attachments[0]!.url
    const [path, query] = link.split('?') as [string, string]
    expect((await fetch(base + link)).status).toBe(200)
    expect((await fetch(base + path)).status).toBe(403)
    expect((await fetch(base + path, { headers: { authorization: `Bearer ${tokens.teacher}` } })).status).toBe(403)
    expect((await fetch(`${base}${path.replace('.png', '.jpg')}?${query}`)).status).toBe(403)
    expect((await fetch(`${base}${path}?${query.replace(/sig=(.)/u, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`)}`)).status).toBe(403)
    // Deleting an unlisted upload removes its file too.
    const spare = await uploaded(pdf, 'spare.pdf')
    const files = storedFiles()
    expect((await post('/Courses/DeleteUpload', { id: spare.id })).body.responseCode).toBe(200)
    expect(storedFiles()).toBe(files - 1)
  })

  it('housekeeping deletes uploads no course listed within a day, row and file; listed ones stay', async () => {
    const old = await uploaded(pdf, 'abandoned.pdf')
    const recent = await uploaded(pdf, 'recent.pdf')
    const listed = await uploaded(pdf, 'listed.pdf')
    await post('/Courses/Create', courseInput([listed.id]))
    await server.db.query(`UPDATE course_attachments SET created_at = now() - interval '25 hours' WHERE id = ANY(ARRAY[${old.id}, ${listed.id}]::int[])`)
    const files = storedFiles()
    await server.prune()
    const left = (
      await server.db.query<{ id: number }>('SELECT id FROM course_attachments WHERE id IN ($1, $2, $3) ORDER BY id', [old.id, recent.id, listed.id])
    ).map((row) => row.id)
    expect(left).toEqual([recent.id, listed.id])
    expect(storedFiles()).toBe(files - 1)
  })

  it('answers 413 at once to an upload declaring 200 MB or more, before reading it', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${base}${api}/Courses/UploadAttachment?FileName=big.mp4`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.teacher}`, 'content-type': 'application/octet-stream', 'content-length': String(200 * megabyte) },
      })
      req.on('response', (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.write(mp4Head)
    })
    expect(answer.status).toBe(413)
    expect(answer.body).toMatch(/File size exceeded/)
  })

  it('streams a 200 MB video to the store without the process memory growing by more than 64 MB', async () => {
    const size = 200 * megabyte - 1
    const answer = await postGeneratedVideo(`${base}${api}/Courses/UploadAttachment?FileName=${encodeURIComponent('lecture.mp4')}`, tokens.teacher, size)
    console.info(`200 MB upload: rss grew ${answer.growth.rss.toFixed(1)} MB, arrayBuffers ${answer.growth.arrayBuffers.toFixed(1)} MB`)
    expect(answer.status, answer.body).toBe(200)
    const stored = (JSON.parse(answer.body) as { responseData: CourseAttachment }).responseData
    expect(stored).toMatchObject({ group: 'video', extension: 'mp4', size })
    expect(answer.growth.rss).toBeLessThan(64)
    expect(answer.growth.arrayBuffers).toBeLessThan(64)
  }, 180_000)
  it('refuses a chunked video reaching 200 MB as it streams (105, the part written deleted)', async () => {
    const files = storedFiles()
    const answer = await fetch(`${base}${api}/Courses/UploadAttachment?FileName=long.mp4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.teacher}`, 'content-type': 'application/octet-stream' },
      body: Readable.toWeb(Readable.from(generatedVideo(200 * megabyte))),
      duplex: 'half',
    } as RequestInit)
    const body = (await answer.json()) as { responseCode: number; validationList: Array<{ message: string }> }
    expect(body.responseCode).toBe(105)
    expect(body.validationList[0]!.message).toMatch(/a file must be smaller than 200 MB/)
    expect(storedFiles()).toBe(files)
  }, 120_000)
})
