import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { ClassRoomAccommodations } from '../../../plugins/exams/contract/accommodations.ts'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { demo } from './app.ts'
import { axeFindings } from './axe.ts'
import { accountIdOf } from './exam-drafts.ts'
import { apiCall, classRoomsOf, tokenOf } from './homework-api.ts'
import { chooseOption, addQuestion } from './homework-form.ts'

/**
 * What the people of issue 22's two journeys do on the screens (tests/e2e/support/exam-journey.ts
 * puts them in order): the teacher builds, the supervisor approves, students sit through their links,
 * correctors grade, the teacher publishes. The API is read only to learn ids a person sees as names.
 */

export type Account = { readonly email: string; readonly password: string }

/** The account's id as the builder's corrector picker names it. */
export const idOf = async (baseURL: string, account: Account): Promise<string> => accountIdOf(await tokenOf(baseURL, account))

/** The teacher's Grade 4 A and B (4 A the demo student's, 4 B student2's) and the grade and subject her demo draft uses for them. */
export const grade4Of = async (baseURL: string) => {
  const token = await tokenOf(baseURL, demo.teacher)
  const lines = await apiCall<ReadonlyArray<{ id: number; status: string }>>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', token, {})
  const draftId = lines.data.find((line) => line.status === 'draft')!.id
  const draft = (await apiCall<FixedExamDetails>(baseURL, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draftId}`, token)).data
  const rooms = (await classRoomsOf(baseURL, token)).filter((room) => /4/u.test(room.name))
  const roomOf = (division: string) => rooms.find((room) => room.division === division)!.classRoomId
  return { stageId: draft.stageId, subjectId: draft.subjectId, roomA: roomOf('A'), roomB: roomOf('B') }
}

/** The class room's students with their extra time, their names in `locale` (the request's language). */
const accommodationsOf = async (baseURL: string, token: string, classRoomId: number, locale: 'en' | 'ar') => {
  const response = await fetch(`${baseURL}/exam/api/Accommodations/GetClassRoomAccommodations?ClassRoomID=${classRoomId}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  })
  return ((await response.json()) as { responseData: ClassRoomAccommodations }).responseData.students
}

/** A student account as her class room's lists show her: her id there and her name in each language. */
export const studentIn = async (baseURL: string, account: Account, classRoomId: number) => {
  const info = await apiCall<{ firstName: string; lastName: string }>(baseURL, 'GET', '/api/Account/GetUserInfo', await tokenOf(baseURL, account))
  const teacher = await tokenOf(baseURL, demo.teacher)
  // Her list name is her first, her father's and her family name; her account holds the first and the last.
  const { firstName, lastName } = info.data
  const matches = (await accommodationsOf(baseURL, teacher, classRoomId, 'en')).filter(
    (student) => student.name.startsWith(`${firstName} `) && student.name.endsWith(` ${lastName}`),
  )
  if (matches.length !== 1) throw new Error(`${account.email} (${firstName} ${lastName}) is not one student of class room ${classRoomId}`)
  const found = matches[0]!
  const ar = (await accommodationsOf(baseURL, teacher, classRoomId, 'ar')).find((student) => student.studentId === found.studentId)!
  return { studentId: found.studentId, name: { en: found.name, ar: ar.name } }
}

const pad = (value: number) => String(value).padStart(2, '0')
/** An instant as the builder's date and time inputs take it (the browser's time zone is this machine's). */
const localParts = (at: number) => {
  const date = new Date(at)
  return { date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, time: `${pad(date.getHours())}:${pad(date.getMinutes())}` }
}

/** One question as the teacher writes it in the builder. */
export type PlannedQuestion =
  | { readonly type: 3; readonly header: string; readonly degree: number; readonly correct: boolean }
  | { readonly type: 4; readonly header: string; readonly degree: number }

export interface ExamPlan {
  readonly title: string
  readonly questions: ReadonlyArray<PlannedQuestion>
  readonly durationMinutes: number
  readonly correctorsMode: 'split' | 'double'
  readonly markDifferenceThreshold?: number
  /** How long from the save the exam stays open (rounded up to the builder's whole minute). */
  readonly openForMs: number
}

/**
 * The teacher, on the builder, writes the exam for Grade 4 A and B, herself at 60 % and the
 * supervisor at 40 %, open from this minute; saves it and sends it for approval. Answers its id and
 * its end (the instant the builder's minute means).
 */
export const buildAndSubmit = async (page: Page, baseURL: string, plan: ExamPlan): Promise<{ examId: number; endsAt: number }> => {
  const grade = await grade4Of(baseURL)
  const supervisorId = await idOf(baseURL, demo.supervisor)
  await page.goto('/exams/create')
  await page.getByTestId('exam-form').waitFor()
  await page.getByTestId('exam-title').fill(plan.title)
  await chooseOption(page, page.getByTestId('exam-grade'), String(grade.stageId))
  await chooseOption(page, page.getByTestId('exam-subject'), String(grade.subjectId))
  await page.getByTestId(`exam-room-${grade.roomA}`).click()
  await page.getByTestId(`exam-room-${grade.roomB}`).click()
  // The same order for everyone: the marks below are counted question by question.
  await page.locator('label:has(input[value="same"])').click()
  for (const question of plan.questions) {
    const card = await addQuestion(page, question.type)
    await card.getByTestId('question-header').fill(question.header)
    await card.locator('input[inputmode=decimal]').fill(String(question.degree))
    if (question.type === 3) await card.getByTestId(question.correct ? 'question-true' : 'question-false').click()
  }
  if (plan.correctorsMode === 'double') {
    await page.getByTestId('exam-mode-double').click()
    await page.getByTestId('exam-threshold').fill(String(plan.markDifferenceThreshold))
  }
  await page.getByTestId('exam-corrector-percentage-0').fill('60')
  await page.getByTestId('exam-corrector-add').click()
  await chooseOption(page, page.getByTestId('exam-corrector-1'), supervisorId)
  await page.getByTestId('exam-corrector-percentage-1').fill('40')
  await page.getByTestId('exam-duration').fill(String(plan.durationMinutes))
  // The times last, just before saving: open from this minute until the first whole minute `openForMs` away.
  const now = Date.now()
  const start = localParts(now)
  const endsAt = Math.ceil((now + plan.openForMs) / 60_000) * 60_000
  const end = localParts(endsAt)
  await page.getByTestId('exam-start-date').fill(start.date)
  await page.getByTestId('exam-start-time').fill(start.time)
  await page.getByTestId('exam-end-date').fill(end.date)
  await page.getByTestId('exam-end-time').fill(end.time)
  await page.getByTestId('exam-save').click()
  await page.waitForURL((url) => url.pathname.startsWith('/exams/edit/'), { timeout: 15_000 })
  const examId = Number(new URL(page.url()).pathname.split('/').at(-1))
  await page.getByTestId('exam-submit').click()
  await page.getByTestId('exam-status').waitFor()
  await expect.poll(() => page.getByTestId('exam-submit').count(), { timeout: 15_000 }).toBe(0)
  return { examId, endsAt }
}

const examCard = (page: Page, examId: number) => page.locator(`[data-testid=exam-card][data-exam-id="${examId}"]`)

/** A corrector accepts her share on her correction tab of /exams. */
export const acceptShare = async (page: Page, examId: number) => {
  await page.goto('/exams')
  await page.getByTestId('exams-tab-correction').click()
  await examCard(page, examId).getByTestId('exam-corrector-accept').click()
  await examCard(page, examId).getByTestId('exam-corrector-accept').waitFor({ state: 'detached', timeout: 15_000 })
}

/** The supervising corrector, on the exam's details: accepts her own share, approves both correctors, then the exam. */
export const approveOnDetails = async (page: Page, baseURL: string, examId: number) => {
  const [teacherId, supervisorId] = [await idOf(baseURL, demo.teacher), await idOf(baseURL, demo.supervisor)]
  const row = (id: string) => page.locator(`[data-testid=exam-details-corrector][data-corrector-id="${id}"]`)
  await page.goto(`/exams/details/${examId}`)
  await page.getByTestId('exam-details').waitFor()
  await row(supervisorId).getByTestId('exam-corrector-accept').click()
  for (const id of [teacherId, supervisorId]) {
    await row(id).getByTestId('corrector-approve').click()
    await row(id).getByTestId('corrector-approve').waitFor({ state: 'detached', timeout: 15_000 })
  }
  expect(await axeFindings(page)).toEqual([])
  await page.getByTestId('exam-approve').click()
  await page.getByTestId('exam-approve').waitFor({ state: 'detached', timeout: 15_000 })
}

/** The teacher assigns her approved exam from the builder, confirming. */
export const assign = async (page: Page, examId: number) => {
  await page.goto(`/exams/edit/${examId}`)
  await page.getByTestId('exam-assign').click()
  await page.getByTestId('exam-confirm').click()
  await page.getByTestId('exam-questions-locked').waitFor({ timeout: 15_000 })
}

/** The teacher gives a student of her class room extra time on its exams tab; the server then holds it. */
export const giveExtraTime = async (page: Page, baseURL: string, classRoomId: number, studentId: number, percent: number) => {
  await page.goto(`/classroom/x?at=exams&id=${classRoomId}`)
  await page.getByTestId('extra-time-student').first().waitFor()
  await chooseOption(page, page.getByTestId(`extra-time-${studentId}`), String(percent))
  await page.getByTestId('extra-time-waiting').waitFor({ state: 'detached', timeout: 15_000 })
  const teacher = await tokenOf(baseURL, demo.teacher)
  await expect
    .poll(async () => (await accommodationsOf(baseURL, teacher, classRoomId, 'en')).find((student) => student.studentId === studentId)?.extraTimePercent)
    .toBe(percent)
}

/** A student's answer to one question, as she gives it on the take-exam page. */
export type GivenAnswer = { readonly type: 3; readonly value: boolean } | { readonly type: 4; readonly text: string }

/** She gives `answer` on the question shown. */
export const answer = async (page: Page, given: GivenAnswer) => {
  const view = page.getByTestId('question-view')
  if (given.type === 3) await view.getByTestId(given.value ? 'answer-true' : 'answer-false').click()
  else await view.getByTestId('answer-text').fill(given.text)
}

/** The countdown's milliseconds left, as the page counts them from the server's deadline. */
export const remainingMs = async (page: Page) => Number(await page.getByTestId('exam-countdown').getAttribute('data-remaining-ms'))

/** From her home's card, through her own link, to the instructions of the exam. */
export const openFromHome = async (page: Page, examId: number) => {
  await page.getByTestId('my-exams-card').waitFor()
  await page.locator(`[data-testid=my-exam][data-exam-id="${examId}"]`).getByTestId('my-exam-start').click()
  await page.getByTestId('exam-instructions').waitFor()
}

/** Nothing waits to be sent. */
export const allSaved = (page: Page) => page.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor({ timeout: 30_000 })

/** She finishes, confirming. */
export const finish = async (page: Page) => {
  await page.getByTestId('exam-finish').click()
  await page.getByTestId('exam-finish-confirm').click()
  await page.getByTestId('exam-finished').waitFor({ timeout: 15_000 })
}

/** The service worker keeps the app's shell, so a reload without network still shows the app. */
export const shellKept = (page: Page) => page.evaluate(async () => void (await navigator.serviceWorker.ready))

export type { BrowserContext }

/**
 * A corrector, on an exam's correction page, grades every paper she holds: the paragraph question
 * (`paragraphAt`, its place in the exam) gets the mark `markFor` gives the paper's student (by the
 * name shown); the automatic scores stay as the worker pre-scored them. Answers whose papers she graded.
 */
export const gradeMyPapers = async (page: Page, paragraphAt: number, markFor: (student: string) => number): Promise<string[]> => {
  await page.getByTestId('correction-paper').waitFor({ timeout: 15_000 })
  const sessions = await page.getByTestId('correction-paper-link').evaluateAll((links) => links.map((link) => link.getAttribute('data-session-id')!))
  const graded: string[] = []
  // Paper by paper from her list (the page may move on to another paper once one is finished).
  for (const session of sessions) {
    const link = page.locator(`[data-testid=correction-paper-link][data-session-id="${session}"]`)
    await link.click()
    const paper = page.locator(`[data-testid=correction-paper][data-session-id="${session}"]`)
    await paper.waitFor()
    const student = await paper.getByTestId('correction-student').innerText()
    const question = paper.getByTestId('correction-question').nth(paragraphAt)
    expect(await question.getByTestId('correction-mark-status').getAttribute('data-status')).toBe('toMark')
    await question.getByTestId('correction-score').fill(String(markFor(student)))
    await question.getByTestId('correction-save-mark').click()
    await question.locator('[data-testid=correction-mark-status][data-status=marked]').waitFor({ timeout: 15_000 })
    await paper.getByTestId('correction-finish').click()
    await page.locator(`[data-testid=correction-paper-link][data-session-id="${session}"][data-graded=true]`).waitFor({ timeout: 15_000 })
    graded.push(student)
  }
  return graded
}

/** The marks the teacher's results page shows for a class room's students who sat the exam. */
export const roomMarks = (page: Page, classRoomId: number) =>
  page
    .locator(`[data-testid=results-class-room][data-class-room-id="${classRoomId}"] [data-testid=result-mark]`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-mark')).filter((mark) => mark !== 'absent'))

/** The teacher publishes the results from the exam's results page, confirming. */
export const publish = async (page: Page) => {
  await page.getByTestId('results-publish').click()
  await page.getByTestId('results-publish-confirm').click()
  await page.getByTestId('results-published-note').waitFor({ timeout: 15_000 })
}

/** Her own result of the exam on /exams/mine/results: the mark and the score of each question. */
export const myResult = async (page: Page, examId: number) => {
  await page.goto('/exams/mine/results')
  const card = page.locator(`[data-testid=my-result][data-exam-id="${examId}"]`)
  await card.waitFor({ timeout: 15_000 })
  return {
    card,
    mark: await card.getByTestId('my-result-mark').getAttribute('data-mark'),
    scores: await card.locator('[data-testid=my-result-question] td').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-score'))),
  }
}
