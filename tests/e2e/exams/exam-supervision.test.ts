import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { ExamCorrectorsForEdit, FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const subjectOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

const words = {
  en: { mismatch: /Mismatch of percentages/u, waiting: 'Waiting for approval', assigned: 'Assigned', approved: 'Approved', needsEdit: 'Needs an edit' },
  ar: { mismatch: /عدم تطابق النسب/u, waiting: 'بانتظار الاعتماد', assigned: 'مُعيَّن', approved: 'معتمد', needsEdit: 'يحتاج إلى تعديل' },
} as const

/**
 * An exam of the demo teacher's (her draft's subject and class rooms), split 60/40 between herself
 * and the supervisor, sent for approval; the teacher has accepted her share, the supervisor not yet.
 */
const examWaitingForApproval = async (base: string, title: string): Promise<number> => {
  const teacher = await tokenOf(base, demo.teacher)
  const supervisorId = subjectOf(await tokenOf(base, demo.supervisor))
  const lines = await apiCall<ReadonlyArray<{ id: number; status: string }>>(base, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draftId = lines.data.find((line) => line.status === 'draft')!.id
  const draft = (await apiCall<FixedExamDetails>(base, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draftId}`, teacher)).data
  const start = Date.now() + 3 * 24 * 3_600_000
  const created = await apiCall<FixedExamDetails>(base, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacher, {
    title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: 'same',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    durationMinutes: 45,
    questionCount: draft.questions.length,
    totalDegree: draft.totalDegree,
    questions: draft.questions,
    target: draft.target,
    correctorsMode: 'split',
    correctors: [
      { correctorId: draft.teacherId, percentage: 60 },
      { correctorId: supervisorId, percentage: 40 },
    ],
  })
  expect(created.code).toBe(200)
  const examId = created.data.id
  for (const [path, body] of [
    ['/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }],
    ['/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
  ] as const)
    expect((await apiCall(base, 'POST', path, teacher, body)).code).toBe(200)
  return examId
}

/** Focuses a control and presses Enter: the keyboard, not the mouse. */
const press = async (page: Page, selector: ReturnType<Page['locator']>) => {
  await selector.focus()
  await page.keyboard.press('Enter')
}

/** Replaces an input's text by keyboard. */
const typeInto = async (page: Page, input: ReturnType<Page['locator']>, text: string) => {
  await input.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

/**
 * Issue 22, "lifecycle and roles": the supervising corrector opens an exam's details from her
 * approval list, sends a corrector back with a reason, modifies the correctors (the shares must total
 * 100; removing one asks first), accepts her own share there, approves both correctors and the exam;
 * after each step the server's stored statuses follow. Keyboard alone, axe-clean, in English at a desk
 * and in Arabic on a phone.
 */
describe('the supervising corrector on an exam’s details, in Chromium', () => {
  const app = useAppServer()
  const cases: ReadonlyArray<readonly [Locale, Size]> = [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ]
  cases.forEach(([locale, size]) => {
    it(`she modifies and approves the correctors, and the stored statuses follow (${locale}, ${size})`, async () => {
      const w = words[locale]
      const base = app.server.url
      const title = locale === 'ar' ? `امتحان الضرب ${size}` : `Multiplication exam ${size}`
      const examId = await examWaitingForApproval(base, title)
      const teacherToken = await tokenOf(base, demo.teacher)
      const supervisorToken = await tokenOf(base, demo.supervisor)
      const teacherId = subjectOf(teacherToken)
      const supervisorId = subjectOf(supervisorToken)
      const stored = async () =>
        (
          await apiCall<ExamCorrectorsForEdit>(base, 'POST', `/exam/api/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${examId}`, supervisorToken)
        ).data.correctors.map((corrector) => [corrector.correctorId, corrector.percentage, corrector.status] as const)
      const examStatus = async () =>
        (await apiCall<FixedExamDetails>(base, 'GET', `/exam/api/Exams/GetTeacherExamInfo?ExamID=${examId}`, supervisorToken)).data.status

      const { context, page } = await openWith(app.browser, base, locale, size)
      await signInThroughForm(page, demo.supervisor)
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/exams')
      const card = page.locator(`[data-testid=exam-card][data-exam-id="${examId}"]`)
      await card.waitFor()
      // From her approval list to the details, by keyboard alone.
      await tabTo(page, card.getByTestId('exam-details-link'), 120)
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === `/exams/details/${examId}`)
      const details = page.getByTestId('exam-details')
      await details.waitFor()
      const row = (id: string) => page.locator(`[data-testid=exam-details-corrector][data-corrector-id="${id}"]`)
      await row(teacherId).waitFor()
      expect(await page.getByTestId('exam-details-status').innerText()).toBe(w.waiting)
      expect(await row(teacherId).getByTestId('corrector-status').innerText()).toBe(w.waiting)
      expect(await row(supervisorId).getByTestId('corrector-status').innerText()).toBe(w.assigned)
      expect(await row(teacherId).getByTestId('corrector-share').innerText()).toContain(locale === 'ar' ? '٦٠' : '60%')
      expect(await page.getByTestId('exam-details-target').innerText()).not.toBe('')
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}`)

      // She sends the teacher back with a reason (none first: the rule's message).
      await press(page, row(teacherId).getByTestId('corrector-send-back'))
      const dialog = page.getByTestId('corrector-decision-dialog')
      await dialog.waitFor()
      await press(page, dialog.getByTestId('corrector-decision-send'))
      await dialog.getByTestId('corrector-reason-error').waitFor()
      const reason = locale === 'ar' ? 'خذي ٧٠٪ من الأوراق.' : 'Take 70% of the papers.'
      await typeInto(page, dialog.getByTestId('corrector-reason'), reason)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-send-back`, { fullPage: false })
      await press(page, dialog.getByTestId('corrector-decision-send'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 60, 'requiredEdit'],
        [supervisorId, 40, 'assigned'],
      ])
      await expect.poll(() => row(teacherId).getByTestId('corrector-status').innerText(), { timeout: 15_000 }).toBe(w.needsEdit)
      expect(await row(teacherId).getByTestId('corrector-reason-text').innerText()).toContain(reason)

      // She modifies the correctors: 70/40 does not total 100; removing one asks first (she keeps her); 70/30.
      await press(page, page.getByTestId('correctors-modify'))
      const editor = page.getByTestId('correctors-editor')
      await editor.waitFor()
      await typeInto(page, editor.getByTestId('exam-corrector-percentage-0'), '70')
      await press(page, editor.getByTestId('correctors-editor-save'))
      await editor.getByTestId('exam-correctors-error').waitFor()
      expect(await editor.getByTestId('exam-correctors-error').innerText()).toMatch(w.mismatch)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-modify`)
      await press(page, editor.getByTestId('exam-corrector-remove-1'))
      const confirm = page.getByTestId('corrector-remove-dialog')
      await confirm.waitFor()
      expect(await confirm.getAttribute('role')).toBe('alertdialog')
      expect(await axeFindings(page)).toEqual([])
      await page.keyboard.press('Escape')
      await confirm.waitFor({ state: 'detached' })
      expect(await editor.getByTestId('exam-corrector').count()).toBe(2)
      await typeInto(page, editor.getByTestId('exam-corrector-percentage-1'), '30')
      await press(page, editor.getByTestId('correctors-editor-save'))
      await editor.waitFor({ state: 'detached', timeout: 15_000 })
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'assigned'],
        [supervisorId, 30, 'assigned'],
      ])

      // Named herself, she accepts her share on the details; the teacher accepts hers elsewhere.
      await expect.poll(() => row(supervisorId).getByTestId('exam-corrector-accept').count(), { timeout: 15_000 }).toBe(1)
      await press(page, row(supervisorId).getByTestId('exam-corrector-accept'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'assigned'],
        [supervisorId, 30, 'waitingForApproval'],
      ])
      expect((await apiCall(base, 'POST', '/exam/api/ExamBuilder/RespondToCorrectorAssignment', teacherToken, { examId, accept: true })).code).toBe(200)
      await page.reload()
      await row(teacherId).getByTestId('corrector-approve').waitFor()

      // She approves both correctors, then the exam.
      await press(page, row(teacherId).getByTestId('corrector-approve'))
      await expect.poll(() => row(teacherId).getByTestId('corrector-status').innerText(), { timeout: 15_000 }).toBe(w.approved)
      await press(page, row(supervisorId).getByTestId('corrector-approve'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'approved'],
        [supervisorId, 30, 'approved'],
      ])
      await press(page, page.getByTestId('exam-approve'))
      await expect.poll(examStatus, { timeout: 15_000 }).toBe('approved')
      await expect.poll(() => page.getByTestId('exam-details-status').innerText(), { timeout: 15_000 }).toBe(w.approved)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-approved`)
      await context.close()
    }, 180_000)
  })
})
