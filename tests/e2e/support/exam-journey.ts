import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { demo } from './app.ts'
import { axeFindings } from './axe.ts'
import type { Locale, Size } from './contexts.ts'
import { setExamGrace, testGraceSeconds } from './exams-api.ts'
import {
  acceptShare,
  allSaved,
  answer,
  approveOnDetails,
  assign,
  buildAndSubmit,
  finish,
  giveExtraTime,
  grade4Of,
  gradeMyPapers,
  myResult,
  openFromHome,
  publish,
  remainingMs,
  roomMarks,
  shellKept,
  studentIn,
  type Account,
  type ExamPlan,
  type GivenAnswer,
  type PlannedQuestion,
} from './exam-journey-steps.ts'
import { screenshot } from './screenshots.ts'
import { openSignedIn } from './signed-in.ts'

/**
 * Issue 22's two full journeys, each written once and run in English and in Arabic: everything on
 * the screens, as the teacher, the supervising corrector and two demo students would do it. The marks
 * the pages show are checked against marks counted here from the answers given and the marks typed.
 */

type App = { readonly browser: Browser; readonly server: { readonly url: string } }

const questionsIn = (locale: Locale): ReadonlyArray<PlannedQuestion> => {
  const ar = locale === 'ar'
  return [
    { type: 3, header: ar ? 'نصف العدد ١٠ هو ٥.' : 'Half of 10 is 5.', degree: 2, correct: true },
    { type: 4, header: ar ? 'اشرح كيف تجد ربع العدد ١٢.' : 'Explain how you find a quarter of 12.', degree: 4 },
    { type: 3, header: ar ? 'الربع أكبر من النصف.' : 'A quarter is more than a half.', degree: 1, correct: false },
  ]
}
/** Where the paragraph, marked by hand, sits in the exam. */
const paragraphAt = 1

/** Student 1 right on both statements; student 2 wrong on both. */
const answersIn = (locale: Locale) => {
  const ar = locale === 'ar'
  return {
    student: [
      { type: 3, value: true },
      { type: 4, text: ar ? 'أقسم ١٢ على ٤ فيكون ٣.' : 'Divide 12 by 4: it is 3.' },
      { type: 3, value: false },
    ],
    student2: [
      { type: 3, value: false },
      { type: 4, text: ar ? 'أطرح ٤.' : 'Take away 4.' },
      { type: 3, value: true },
    ],
  } satisfies Record<string, ReadonlyArray<GivenAnswer>>
}

const cents = (value: number) => Math.round(value * 100)
/** Each question's score: a statement its degree when answered right (else 0), the paragraph `hand`. */
const expectedScores = (questions: ReadonlyArray<PlannedQuestion>, given: ReadonlyArray<GivenAnswer>, hand: number): number[] =>
  questions.map((question, index) => {
    const answered = given[index]!
    if (question.type === 4) return hand
    return answered.type === 3 && answered.value === question.correct ? question.degree : 0
  })
const sum = (scores: ReadonlyArray<number>) => scores.reduce((total, score) => total + cents(score), 0) / 100

/** Which of the two students a correction paper is (by the name it shows), the other being no one's. */
const whoseIn =
  (locale: Locale, student: { name: Record<Locale, string> }, student2: { name: Record<Locale, string> }) =>
  (shown: string): 'student' | 'student2' => {
    if (shown === student.name[locale]) return 'student'
    if (shown === student2.name[locale]) return 'student2'
    throw new Error(`a paper of ${shown}, who did not sit the exam`)
  }

/** How each person's pages are seen: staff at a desk; students on a phone in Arabic (so both sizes meet a journey). */
const sizesIn = (locale: Locale): { staff: Size; students: Size } => ({ staff: 'desktop', students: locale === 'ar' ? 'phone' : 'desktop' })

const signedIn = (app: App, locale: Locale, size: Size, account: Account) => openSignedIn(app.browser, app.server.url, account, locale, size)

/** Waits until the exam has closed (its end and the school's grace, by this machine's clock, which the server shares): its papers are then given out. */
const untilClosed = (endsAt: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt + testGraceSeconds * 1_000 + 1_000 - Date.now())))

/** The school's admin sets the offline grace on /exams/settings (short, so the exam closes soon after its end). */
const adminSetsGrace = async (app: App, locale: Locale) => {
  const { page, context } = await signedIn(app, locale, sizesIn(locale).staff, demo.admin)
  await page.goto('/exams/settings')
  const field = page.getByTestId('exam-settings-grace')
  await field.waitFor()
  await field.fill(String(testGraceSeconds))
  await page.getByTestId('exam-settings-save').click()
  await page.getByTestId('toast').waitFor()
  expect(await page.getByTestId('exam-settings-grace-error').count()).toBe(0)
  expect(await axeFindings(page)).toEqual([])
  await context.close()
}

/** The teacher and the supervisor build, approve and assign the exam; answers its id and end. */
const readyExam = async (app: App, locale: Locale, plan: ExamPlan, before?: (page: import('playwright-core').Page) => Promise<void>) => {
  const sizes = sizesIn(locale)
  const teacher = await signedIn(app, locale, sizes.staff, demo.teacher)
  await before?.(teacher.page)
  const built = await buildAndSubmit(teacher.page, app.server.url, plan)
  await acceptShare(teacher.page, built.examId)
  const supervisor = await signedIn(app, locale, sizes.staff, demo.supervisor)
  await approveOnDetails(supervisor.page, app.server.url, built.examId)
  await screenshot(supervisor.page, `exam-journey-${plan.correctorsMode}-${locale}-approved`)
  await assign(teacher.page, built.examId)
  return { ...built, teacher, supervisor }
}

/** A student sits the exam from her home through her link, answering in order, and finishes. */
const sitStraight = async (app: App, locale: Locale, account: Account, examId: number, given: ReadonlyArray<GivenAnswer>) => {
  const { page, context } = await signedIn(app, locale, sizesIn(locale).students, account)
  await openFromHome(page, examId)
  await page.getByTestId('exam-start').click()
  await page.getByTestId('exam-answering').waitFor()
  for (const [index, one] of given.entries()) {
    await answer(page, one)
    if (index < given.length - 1) await page.getByTestId('exam-next').click()
  }
  await allSaved(page)
  await finish(page)
  await context.close()
}

/**
 * Split marking at 60/40: the teacher gives the demo student 50 % extra time, builds, the supervisor
 * approves, both students sit it through their links (the first loses the network mid-exam, answers,
 * reloads without network and continues once it is back; her deadline carries her extra time), each
 * corrector grades the one paper she is given, the teacher publishes, the student reads her marks.
 */
export const splitJourney = async (app: App, locale: Locale) => {
  const base = app.server.url
  const questions = questionsIn(locale)
  const given = answersIn(locale)
  const grade = await grade4Of(base)
  const student = await studentIn(base, demo.student, grade.roomA)
  const student2 = await studentIn(base, demo.student2, grade.roomB)
  const durationMinutes = 1
  const plan: ExamPlan = {
    title: locale === 'ar' ? 'رحلة امتحان الأرباع' : 'Quarters journey exam',
    questions,
    durationMinutes,
    correctorsMode: 'split',
    // As early as her whole extra time still fits once it is approved and assigned (about 20 s after the save here).
    openForMs: 2 * 60_000,
  }
  await adminSetsGrace(app, locale)
  const { examId, endsAt, teacher, supervisor } = await readyExam(app, locale, plan, async (page) => {
    await giveExtraTime(page, base, grade.roomA, student.studentId, 50)
    expect(await axeFindings(page)).toEqual([])
  })

  // Student 1: extra time, and a lost connection mid-exam.
  const one = await signedIn(app, locale, sizesIn(locale).students, demo.student)
  const s = one.page
  await shellKept(s)
  await openFromHome(s, examId)
  expect(await s.getByTestId('exam-extra-time').innerText()).toContain(locale === 'ar' ? '٥٠' : '50')
  expect(await axeFindings(s)).toEqual([])
  await s.getByTestId('exam-start').click()
  await s.getByTestId('exam-answering').waitFor()
  const left = await remainingMs(s)
  // Her deadline is the duration and half of it again, from the server's start.
  expect(left).toBeGreaterThan(durationMinutes * 60_000)
  expect(left).toBeLessThanOrEqual(durationMinutes * 1.5 * 60_000)
  await answer(s, given.student[0]!)
  await allSaved(s)
  await one.context.setOffline(true)
  await s.getByTestId('exam-offline').waitFor()
  for (const next of given.student.slice(1)) {
    await s.getByTestId('exam-next').click()
    await answer(s, next)
  }
  await s.locator('[data-testid=exam-save-state][data-waiting]').waitFor()
  expect(await axeFindings(s)).toEqual([])
  await screenshot(s, `exam-journey-split-${locale}-offline`)
  // Her last answer reaches the device's outbox after the page's save delay (700 ms); a reload sooner may lose it (see the report).
  await s.waitForTimeout(1_500)
  const reloaded = await s.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await one.context.setOffline(false)
  await s.getByTestId('exam-answering').waitFor({ timeout: 30_000 })
  await allSaved(s)
  // Her three answers came back with her, and the countdown goes on from the server's deadline.
  expect(await s.locator('[data-testid=exam-map-item][data-answered]').count()).toBe(3)
  const afterReload = await remainingMs(s)
  expect(afterReload).toBeLessThan(left)
  expect(afterReload).toBeGreaterThan(left - 60_000)
  await finish(s)
  await one.context.close()

  // Student 2: no extra time.
  await sitStraight(app, locale, demo.student2, examId, given.student2)

  // Each corrector grades her share: one paper each (60/40 of two papers).
  const hand = { student: 3, student2: 1.5 }
  const whose = whoseIn(locale, student, student2)
  const markFor = (shown: string) => hand[whose(shown)]
  await untilClosed(endsAt)
  const t = teacher.page
  await t.goto('/exams/sessions')
  const card = t.locator(`[data-testid=exam-card][data-exam-id="${examId}"]`)
  await card.getByTestId('correction-exam-progress').waitFor({ timeout: 30_000 })
  expect(await card.getByTestId('correction-exam-progress').getAttribute('data-total')).toBe('1')
  expect(await axeFindings(t)).toEqual([])
  await card.getByTestId('correction-exam-open').click()
  const teachers = await gradeMyPapers(t, paragraphAt, markFor)
  await supervisor.page.goto(`/exams/sessions/examcorrect/${examId}`)
  const supervisors = await gradeMyPapers(supervisor.page, paragraphAt, markFor)
  expect([teachers.length, supervisors.length]).toEqual([1, 1])
  expect(teachers[0]).not.toBe(supervisors[0])
  await supervisor.context.close()

  const scores = {
    student: expectedScores(questions, given.student, hand.student),
    student2: expectedScores(questions, given.student2, hand.student2),
  }
  await resultsPublished(t, examId, grade, { student: sum(scores.student), student2: sum(scores.student2) })
  await teacher.context.close()
  await studentReads(app, locale, demo.student, examId, scores.student)
}

/** The teacher reads the marks per class room (4 A student 1's, 4 B student 2's) and publishes. */
const resultsPublished = async (
  page: import('playwright-core').Page,
  examId: number,
  grade: { roomA: number; roomB: number },
  marks: { student: number; student2: number },
) => {
  await page.goto(`/exams/results/${examId}`)
  await page.getByTestId('results-class-room').first().waitFor({ timeout: 15_000 })
  expect(await roomMarks(page, grade.roomA)).toEqual([String(marks.student)])
  expect(await roomMarks(page, grade.roomB)).toEqual([String(marks.student2)])
  expect(await axeFindings(page)).toEqual([])
  await publish(page)
  await expect.poll(() => page.getByTestId('exam-results-status').getAttribute('data-status')).toBe('published')
}

/** A student reads her own published result: her mark and each question's score. */
const studentReads = async (app: App, locale: Locale, account: Account, examId: number, scores: ReadonlyArray<number>) => {
  const { page, context } = await signedIn(app, locale, sizesIn(locale).students, account)
  const mine = await myResult(page, examId)
  expect(mine.mark).toBe(String(sum(scores)))
  expect(mine.scores).toEqual(scores.map(String))
  const shown = new Intl.NumberFormat(locale === 'ar' ? 'ar-EG' : 'en-US', { maximumFractionDigits: 2 }).format(sum(scores))
  expect(await mine.card.getByTestId('my-result-mark').innerText()).toContain(shown)
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
  expect(await axeFindings(page)).toEqual([])
  await screenshot(page, `exam-journey-${locale}-my-result`)
  await context.close()
}

/**
 * Double marking: both correctors grade both papers on their own; on student 1's paragraph their
 * marks differ by more than the threshold, and the supervisor settles it on /exams/sessions; the
 * final marks are the settled score where there is one, else the 60/40 weighted sum.
 */
export const doubleJourney = async (app: App, locale: Locale) => {
  const base = app.server.url
  const questions = questionsIn(locale)
  const given = answersIn(locale)
  const grade = await grade4Of(base)
  const student = await studentIn(base, demo.student, grade.roomA)
  const student2 = await studentIn(base, demo.student2, grade.roomB)
  const plan: ExamPlan = {
    title: locale === 'ar' ? 'امتحان التصحيح المزدوج' : 'Double marking journey exam',
    questions,
    durationMinutes: 1,
    correctorsMode: 'double',
    markDifferenceThreshold: 1,
    // Both students are done about 40 s after the save here.
    openForMs: 1.5 * 60_000,
  }
  // The grace is the settings screen's in the split journey; here set by the admin's call.
  await setExamGrace(base, testGraceSeconds)
  const { examId, endsAt, teacher, supervisor } = await readyExam(app, locale, plan)
  await sitStraight(app, locale, demo.student, examId, given.student)
  await sitStraight(app, locale, demo.student2, examId, given.student2)

  // Student 1's paragraph: 4 and 1 (a difference of 3, over the threshold of 1); student 2's: 1 and 1.5.
  const marks = { teacher: { student: 4, student2: 1 }, supervisor: { student: 1, student2: 1.5 } }
  const settled = 3
  const whose = whoseIn(locale, student, student2)
  await untilClosed(endsAt)
  const t = teacher.page
  await t.goto(`/exams/sessions/examcorrect/${examId}`)
  expect(await gradeMyPapers(t, paragraphAt, (shown) => marks.teacher[whose(shown)])).toHaveLength(2)
  const sp = supervisor.page
  await sp.goto(`/exams/sessions/examcorrect/${examId}`)
  expect(await gradeMyPapers(sp, paragraphAt, (shown) => marks.supervisor[whose(shown)])).toHaveLength(2)

  // The one flagged difference, settled by the supervisor.
  await sp.goto('/exams/sessions')
  const flagged = sp.locator(`[data-testid=correction-differences][data-exam-id="${examId}"] [data-testid=correction-difference]`)
  await flagged.first().waitFor({ timeout: 15_000 })
  expect(await flagged.count()).toBe(1)
  expect(await flagged.getByTestId('correction-difference-marker').count()).toBe(2)
  expect(await axeFindings(sp)).toEqual([])
  await screenshot(sp, `exam-journey-double-${locale}-difference`)
  await flagged.getByTestId('correction-difference-score').fill(String(settled))
  await flagged.getByTestId('correction-difference-settle').click()
  await flagged
    .locator('[data-testid=correction-difference-status]')
    .getByText(locale === 'ar' ? '٣' : '3')
    .waitFor({ timeout: 15_000 })
  await supervisor.context.close()

  const weighted = (a: number, b: number) => Math.round(a * 60 + b * 40) / 100
  const scores = {
    student: expectedScores(questions, given.student, settled),
    student2: expectedScores(questions, given.student2, weighted(marks.teacher.student2, marks.supervisor.student2)),
  }
  await resultsPublished(t, examId, grade, { student: sum(scores.student), student2: sum(scores.student2) })
  await teacher.context.close()
  await studentReads(app, locale, demo.student2, examId, scores.student2)
}
