import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { StartedServer } from '../../../server/app.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, correctionCalls } from '../support/exam-correction.ts'
import { examIds, okData, type ExamIds } from '../support/exams.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { linkOf, takeExamCalls } from '../support/take-exam.ts'

const minute = 60_000

const fileQuestions: ReadonlyArray<Question> = [
  { type: 9, id: 'sheet', header: 'Upload your worked sheet.', degree: 2 },
  { type: 4, id: 'essay', header: 'Explain your method.', degree: 1, modelAnswer: 'By halves.' },
]
const pdfOf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)

/*
 * What the corrector of a paper gets of its file answers: each file her answers name, with a signed
 * link that opens it; only the files of the papers she corrects (another corrector's paper is 404).
 */
describe.each(testDatabases)("a corrector opens the files of her papers' answers, on $name", (database) => {
  let server: StartedServer
  const time = manualClock()
  const root = mkdtempSync(join(tmpdir(), 'fasl-exam-files-correction-'))
  let ids: ExamIds
  const tokens = { teacher: '', supervisor: '', student: '', student2: '' }

  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root), clock: time.clock })
    ids = await examIds(server.db)
    for (const name of ['teacher', 'supervisor', 'student', 'student2'] as const) tokens[name] = (await signedIn(server.url, accounts[name])).accessToken
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  /** She opens her link, uploads `bytes` for the file question, and finishes naming it. */
  const sitWithFile = async (token: string, examId: number, bytes: Uint8Array) => {
    const calls = takeExamCalls(server.url, token)
    const link = { token: (await linkOf(calls, examId))!, deviceKey: `device-${crypto.randomUUID()}` }
    okData(await calls.open(link))
    const path = `/exam/api/Sessions/UploadExamAnswerFile?Token=${link.token}&DeviceKey=${link.deviceKey}&QuestionID=sheet&FileName=sheet.pdf`
    const file = okData(await call<AnswerFile>(server.url, 'POST', path, bytes, { token }))
    const answers = { sheet: { type: 9, fileIds: [file.id] }, essay: { type: 4, text: 'Halves.' } }
    okData(await calls.finish({ ...link, answers, markedForReview: [], givenAt: new Date(time.clock.now()).toISOString() }))
    return file
  }

  it("gives each corrector her papers' files with links that open them, and never another corrector's paper", async () => {
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now(), {
      questions: fileQuestions,
      questionCount: fileQuestions.length,
      totalDegree: 3,
    })
    time.advance(61 * minute)
    const hers = { student: pdfOf('the first student'), student2: pdfOf('the second student') }
    const uploaded = {
      student: await sitWithFile(tokens.student, exam.id, hers.student),
      student2: await sitWithFile(tokens.student2, exam.id, hers.student2),
    }
    time.advance(125 * minute)
    const byFile = new Map([
      [uploaded.student.id, hers.student],
      [uploaded.student2.id, hers.student2],
    ])
    const seen: number[] = []
    for (const corrector of [correctionCalls(server.url, tokens.teacher), correctionCalls(server.url, tokens.supervisor)]) {
      const [mine] = okData(await corrector.papers(exam.id)).papers
      const paper = okData(await corrector.session(mine!.sessionId))
      expect(paper.answerFiles).toHaveLength(1)
      const [file] = paper.answerFiles
      expect(file).toMatchObject({ questionId: 'sheet', fileName: 'sheet.pdf', group: 'doc', extension: 'pdf' })
      expect(paper.questions.find((entry) => entry.question.id === 'sheet')?.answer).toEqual({ type: 9, fileIds: [file!.id] })
      const opened = await fetch(server.url + file!.url)
      expect(opened.status).toBe(200)
      expect(new Uint8Array(await opened.arrayBuffer())).toEqual(byFile.get(file!.id))
      seen.push(file!.id)
    }
    // One paper each (60/40 of two), so each corrector saw exactly one of the two students' files.
    expect(seen.sort()).toEqual([uploaded.student.id, uploaded.student2.id].sort())
    const [teachers] = okData(await correctionCalls(server.url, tokens.teacher).papers(exam.id)).papers
    expect((await correctionCalls(server.url, tokens.supervisor).session(teachers!.sessionId)).status).toBe(404)
    expect((await correctionCalls(server.url, tokens.student).session(teachers!.sessionId)).status).toBe(403)
  })
})
