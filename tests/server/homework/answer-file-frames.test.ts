import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { securityHeadersFor } from '../../../server/http/security-headers.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { api, get, homeworkAround, insertHomework, post, studentOf } from '../support/submissions.ts'

/**
 * Issue 21: the correction screen frames a handed-in PDF. A stored PDF may be framed by the app's
 * own pages only (frame-ancestors 'self', X-Frame-Options SAMEORIGIN) and keeps the sandbox; every
 * other stored file stays unframeable (DENY) as before.
 */
const questions: ReadonlyArray<Question> = [{ type: 9, id: 'sheet', header: 'Upload your worked sheet and a photo of it.', degree: 2 }]
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

const directivesOf = (headers: Headers) =>
  new Map(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  )

describe('which stored files the app may frame', () => {
  it('a stored PDF path: framed by the app only, sandboxed; any other stored file or the app: never framed', () => {
    for (const path of ['/files/answers/1/ab12.pdf', '/files/answers/1/AB12.PDF']) {
      const headers = securityHeadersFor(path, { publicUrl: null })
      expect([headers['x-frame-options'], headers['content-security-policy']]).toEqual(['SAMEORIGIN', "default-src 'none'; frame-ancestors 'self'; sandbox"])
    }
    for (const path of ['/files/answers/1/ab12.png', '/files/answers/1/ab12.pdf.webm', '/files/pdf', '/files/answers/1/a.pdfx']) {
      const headers = securityHeadersFor(path, { publicUrl: null })
      expect([headers['x-frame-options'], headers['content-security-policy']]).toEqual(['DENY', "default-src 'none'; sandbox"])
    }
    for (const path of ['/my-homework/report.pdf', '/api/x.pdf', '/']) {
      expect(securityHeadersFor(path, { publicUrl: null })['x-frame-options']).toBe('DENY')
      expect(securityHeadersFor(path, { publicUrl: null })['content-security-policy']).not.toContain("frame-ancestors 'self'")
    }
  })
})

describe.each(testDatabases)('a handed-in PDF and photo, read through their signed links, on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  const root = mkdtempSync(join(tmpdir(), 'fasl-frames-'))
  const links = { pdf: '', photo: '' }

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root) })
    base = server.url
    ids = await demoIds(server.db)
    const teacher = (await signedIn(base, accounts.teacher)).accessToken
    const student = (await signedIn(base, accounts.student)).accessToken
    const studentId = (await studentOf(server.db, accounts.student.email)).id
    const set = await insertHomework(base, teacher, homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { title: 'Sheet', questions, totalDegree: 2 }))
    const photo = new Uint8Array(
      await sharp({ create: { width: 480, height: 480, channels: 3, background: '#336633' } })
        .png()
        .toBuffer(),
    )
    const upload = async (bytes: Uint8Array, name: string) => {
      const answer = await call<AnswerFile>(base, 'POST', `${api}/Student/UploadAnswerFile?HomeworkID=${set.id}&QuestionID=sheet&FileName=${name}`, bytes, {
        token: student,
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.responseData.id
    }
    const fileIds = [await upload(pdf, 'sheet.pdf'), await upload(photo, 'photo.png')]
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: null, answers: { sheet: { type: 9, fileIds } } },
      student,
    )
    expect(submitted.body.responseCode, JSON.stringify(submitted.body)).toBe(200)
    const work = await get<SubmissionForCorrection>(base, `/HomeWork/GetStudentSubmission?HomeworkID=${set.id}&StudentID=${studentId}`, teacher)
    const files = work.body.responseData.answerFiles
    links.pdf = base + files.find((file) => file.extension === 'pdf')!.url
    links.photo = base + files.find((file) => file.group === 'photo')!.url
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('the PDF may be framed by the app only and stays sandboxed; asked for view=inline it shows in place, otherwise it downloads', async () => {
    for (const [url, disposition] of [
      [links.pdf, /^attachment; filename="file\.pdf"/u],
      [`${links.pdf}&view=inline`, /^inline; filename="file\.pdf"/u],
    ] as const) {
      const answer = await fetch(url)
      expect([answer.status, answer.headers.get('content-type'), answer.headers.get('x-frame-options')]).toEqual([200, 'application/pdf', 'SAMEORIGIN'])
      const directives = directivesOf(answer.headers)
      expect(directives.get('frame-ancestors')).toEqual(["'self'"])
      expect(directives.get('default-src')).toEqual(["'none'"])
      expect(directives.has('sandbox')).toBe(true)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('content-disposition')).toMatch(disposition)
    }
  })

  it('the photo and the signed-out refusal are never framed: DENY and the plain sandbox, whatever view= says', async () => {
    for (const url of [links.photo, `${links.photo}&view=inline`]) {
      const answer = await fetch(url)
      expect([answer.status, answer.headers.get('x-frame-options'), answer.headers.get('content-security-policy')]).toEqual([
        200,
        'DENY',
        "default-src 'none'; sandbox",
      ])
      expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="image\.png"/u)
    }
    // view= is outside the signature and opens nothing by itself.
    const unsigned = await fetch(`${links.pdf.split('?')[0]!}?view=inline`)
    expect(unsigned.status).toBe(403)
  })
})
