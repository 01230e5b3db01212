import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { HomeworkFile } from '../../../plugins/homework/contract/materials.ts'
import type { StudentHomework } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { seedHomeworkAudience, type HomeworkAudience } from '../support/homework-audience.ts'
import { call, expect105 } from '../support/http.ts'
import { startRecordingServer, type RecordingServer } from '../support/refusals.ts'
import { api, get, homeworkAround, hours, insertHomework, post } from '../support/submissions.ts'

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const links = [{ url: 'https://example.org/reading?page=2', title: 'The reading' }, { url: 'http://example.com/map' }]

/**
 * A homework's own files and links (Classroom's materials): the teacher uploads a file, lists it with
 * links when she saves, reads them back; her students read them from the homework's start with
 * signed download links. Everyone else's ids are refused, with nothing changed and every statement
 * bound to the caller's school.
 */
describe.each(testDatabases)('homework files and links on $name', (database) => {
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

  const upload = (token: string, bytes: Uint8Array, fileName: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<HomeworkFile>(base, 'POST', `${api}/HomeWork/UploadAttachment?FileName=${encodeURIComponent(fileName)}`, bytes, { token, language })
  const uploaded = async (token: string, fileName = 'worksheet.pdf') => {
    const answer = await upload(token, pdf, fileName)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const materialsTables = async () => [
    await server.db.query('SELECT id, homework_id, uploaded_by, file_key FROM homework_attachments ORDER BY id'),
    await server.db.query('SELECT homework_id, url, title, sort FROM homework_links ORDER BY id'),
    await server.db.query('SELECT count(*)::int AS count FROM homework'),
  ]

  it('the teacher attaches a file and links; she and her students read them, and the file downloads', async () => {
    const { ids, tokens } = audience
    const file = await uploaded(tokens.teacher, 'ورقة العمل.pdf')
    expect(file).toMatchObject({ fileName: 'ورقة العمل.pdf', group: 'doc', extension: 'pdf', size: pdf.length })
    const homework = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { materials: { fileIds: [file.id], links } }),
    )
    expect(homework.materials.files.map((listed) => listed.id)).toEqual([file.id])
    expect(homework.materials.links).toEqual([links[0], { url: links[1]!.url, title: null }])

    const forEdit = await get<HomeworkDetails>(base, `/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${homework.id}`, tokens.teacher)
    expect(forEdit.body.responseData.materials).toMatchObject({ files: [{ id: file.id, fileName: 'ورقة العمل.pdf' }], links: homework.materials.links })

    const opened = await post<StudentHomework>(base, '/Student/OpenHomework', { homeworkId: homework.id }, tokens.student)
    expect(opened.body.responseCode, JSON.stringify(opened.body)).toBe(200)
    const { materials } = opened.body.responseData
    expect(materials.links).toEqual(homework.materials.links)
    expect(materials.files).toHaveLength(1)
    const download = await fetch(base + materials.files[0]!.url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf)
    // Unsigned, the same file is not served.
    expect((await fetch(base + materials.files[0]!.url.split('?')[0]!)).status).toBe(403)

    // An edit that names no materials keeps them; one with an empty list takes them off.
    const kept = await post<HomeworkDetails>(base, '/HomeWork/EditHomeWork', { ...withoutReadOnly(homework), materials: undefined }, tokens.teacher)
    expect(kept.body.responseCode, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body.responseData.materials.files).toHaveLength(1)
    const cleared = await post<HomeworkDetails>(
      base,
      '/HomeWork/EditHomeWork',
      { ...withoutReadOnly(kept.body.responseData), materials: { fileIds: [], links: [] } },
      tokens.teacher,
    )
    expect(cleared.body.responseCode, JSON.stringify(cleared.body)).toBe(200)
    expect(cleared.body.responseData.materials).toEqual({ files: [], links: [] })
    expect(await server.db.query('SELECT id FROM homework_attachments WHERE id = $1', [file.id])).toEqual([])
  })

  it('students read nothing of a homework before its start', async () => {
    const { ids, tokens } = audience
    const file = await uploaded(tokens.teacher)
    const now = Date.now()
    const later = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(now, ids.roomA, ids.mathematics, 48, { startsAt: new Date(now + hours(2)).toISOString(), materials: { fileIds: [file.id], links } }),
    )
    const opened = await post<StudentHomework>(base, '/Student/OpenHomework', { homeworkId: later.id }, tokens.student)
    expect(opened.status).toBe(404)
    expect(JSON.stringify(opened.body)).not.toContain('example.org')
  })

  it('refuses links that are not http or https, too long, or carry bidirectional controls, in her language', async () => {
    const { ids, tokens } = audience
    const attempt = (link: { url: string; title?: string }, language: 'en-US' | 'ar-EG' = 'en-US') =>
      post(
        base,
        '/HomeWork/InsertHomeWork',
        homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { materials: { fileIds: [], links: [link] } }),
        tokens.teacher,
        { language },
      )
    const before = await materialsTables()
    expect105(await attempt({ url: 'javascript:alert(1)' }), 'materials.links.0.url', /http:\/\/ or https:\/\//)
    expect105(await attempt({ url: 'javascript:alert(1)' }, 'ar-EG'), 'materials.links.0.url', /أدخل عنوان ويب/)
    expect105(await attempt({ url: 'data:text/html,<script>alert(1)</script>' }), 'materials.links.0.url', /http:\/\/ or https:\/\//)
    expect105(await attempt({ url: 'https://' }), 'materials.links.0.url', /http:\/\/ or https:\/\//)
    expect105(await attempt({ url: `https://example.org/${'a'.repeat(2048)}` }), 'materials.links.0.url', /http:\/\/ or https:\/\//)
    expect105(await attempt({ url: 'https://example.org/\u202Efdp.exe' }), 'materials.links.0.url', /http:\/\/ or https:\/\//)
    expect105(await attempt({ url: 'https://example.org/', title: 'invoice\u202Efdp.exe' }), 'materials.links.0.title', /./)
    expect105(await attempt({ url: 'https://example.org/', title: 'x'.repeat(101) }), 'materials.links.0.title', /100/)
    expect(await materialsTables()).toEqual(before)
  })

  it("another teacher's, another school's or a student's calls with her file ids are refused, nothing changed", async () => {
    const { ids, second, tokens, inA } = audience
    const pending = await uploaded(tokens.teacher, 'pending.pdf')
    const listedFile = await uploaded(tokens.teacher, 'listed.pdf')
    const listed = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { materials: { fileIds: [listedFile.id], links } }),
    )
    const inB = (fileIds: ReadonlyArray<number>) =>
      homeworkAround(Date.now(), ids.roomB, ids.mathematics, 48, { materials: { fileIds: [...fileIds], links: [] } })
    const inSecond = (fileIds: ReadonlyArray<number>) =>
      homeworkAround(Date.now(), second.classRoomId, second.subjectId, 48, { materials: { fileIds: [...fileIds], links: [] } })
    const unchanged = materialsTables
    // Her colleague and another school's teacher: her uploads and her homework's files are not theirs to list or delete.
    await refusals.expectAllRefused({ token: tokens.teacher2, schoolId: ids.schoolId, statuses: 400, unchanged }, [
      ['POST', '/HomeWork/InsertHomeWork', inB([pending.id])],
      ['POST', '/HomeWork/InsertHomeWork', inB([listedFile.id])],
    ])
    await refusals.expectAllRefused({ token: tokens.teacher2, schoolId: ids.schoolId, statuses: 404, unchanged }, [
      ['POST', '/HomeWork/DeleteAttachmentUpload', { id: pending.id }],
      ['POST', '/HomeWork/EditHomeWork', { ...withoutReadOnly(listed), materials: { fileIds: [], links: [] } }],
      ['GET', `/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${listed.id}`],
    ])
    await refusals.expectAllRefused({ token: tokens.secondTeacher, schoolId: second.schoolId, statuses: 400, unchanged }, [
      ['POST', '/HomeWork/InsertHomeWork', inSecond([pending.id])],
      ['POST', '/HomeWork/InsertHomeWork', inSecond([listedFile.id])],
    ])
    await refusals.expectAllRefused({ token: tokens.secondTeacher, schoolId: second.schoolId, statuses: 404, unchanged }, [
      ['POST', '/HomeWork/DeleteAttachmentUpload', { id: pending.id }],
      ['GET', `/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${listed.id}`],
    ])
    // Her own: a file another homework lists is not hers to move, nor a listed file to delete as an upload.
    await refusals.expectAllRefused({ token: tokens.teacher, schoolId: ids.schoolId, statuses: 400, unchanged }, [
      ['POST', '/HomeWork/EditHomeWork', { ...withoutReadOnly(inA), materials: { fileIds: [listedFile.id], links: [] } }],
      [
        'POST',
        '/HomeWork/InsertHomeWork',
        homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { materials: { fileIds: [pending.id, pending.id], links: [] } }),
      ],
    ])
    await refusals.expectAllRefused({ token: tokens.teacher, schoolId: ids.schoolId, statuses: 404, unchanged }, [
      ['POST', '/HomeWork/DeleteAttachmentUpload', { id: listedFile.id }],
    ])
    // Students upload no homework files, and read the homework's only when it is aimed at them, in their school.
    await refusals.expectAllRefused({ token: tokens.student, schoolId: ids.schoolId, statuses: 403, unchanged }, [
      ['POST', '/HomeWork/UploadAttachment?FileName=mine.pdf', pdf],
      ['POST', '/HomeWork/DeleteAttachmentUpload', { id: pending.id }],
    ])
    await refusals.expectAllRefused({ token: tokens.student2, schoolId: ids.schoolId, statuses: 404, unchanged }, [
      ['POST', '/Student/OpenHomework', { homeworkId: listed.id }],
    ])
    await refusals.expectAllRefused({ token: tokens.secondStudent, schoolId: second.schoolId, statuses: 404, unchanged }, [
      ['POST', '/Student/OpenHomework', { homeworkId: listed.id }],
    ])
  })

  it("a stored file reaches another school's student only through the signed link her teacher's school hands out", async () => {
    const { ids, tokens } = audience
    const file = await uploaded(tokens.teacher, 'secret.pdf')
    const homework = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { materials: { fileIds: [file.id], links: [] } }),
    )
    const key = (await server.db.query<{ file_key: string }>('SELECT file_key FROM homework_attachments WHERE id = $1', [file.id]))[0]!.file_key
    // Her own token does not open the file route: only a signed link does, and she is handed none.
    const asSecondStudent = await fetch(`${base}/files/${key}`, { headers: { authorization: `Bearer ${audience.tokens.secondStudent}` } })
    expect(asSecondStudent.status).toBe(403)
    const opened = await post(base, '/Student/OpenHomework', { homeworkId: homework.id }, audience.tokens.secondStudent)
    expect(opened.status).toBe(404)
    expect(JSON.stringify(opened.body)).not.toContain(key)
  })
})

/** An edit's body from the homework as read: its content, id and version. */
const withoutReadOnly = (homework: HomeworkDetails) => {
  const {
    classRoomId: _room,
    teacherId: _teacher,
    answeredCount: _answered,
    createdAt: _created,
    updatedAt: _updated,
    materials: _materials,
    ...rest
  } = homework
  return rest
}
