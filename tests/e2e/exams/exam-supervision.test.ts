import { describe, expect, it } from 'vitest'
import type { ExamCorrectorsForEdit, FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import type { Locale, Size } from '../support/contexts.ts'
import { accountIdOf, examFromDraft } from '../support/exam-drafts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { pressEnterOn, typeInto } from '../support/keyboard.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { openSignedIn } from '../support/signed-in.ts'
import { useAppServer } from '../support/suite.ts'

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
  const supervisorId = accountIdOf(await tokenOf(base, demo.supervisor))
  const examId = (
    await examFromDraft(base, teacher, {
      title,
      startsInDays: 3,
      correctors: (teacherId) => [
        { correctorId: teacherId, percentage: 60 },
        { correctorId: supervisorId, percentage: 40 },
      ],
    })
  ).id
  for (const [path, body] of [
    ['/exam/api/ExamBuilder/RespondToCorrectorAssignment', { examId, accept: true }],
    ['/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
  ] as const)
    expect((await apiCall(base, 'POST', path, teacher, body)).code).toBe(200)
  return examId
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
      const teacherId = accountIdOf(teacherToken)
      const supervisorId = accountIdOf(supervisorToken)
      const stored = async () =>
        (
          await apiCall<ExamCorrectorsForEdit>(base, 'POST', `/exam/api/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${examId}`, supervisorToken)
        ).data.correctors.map((corrector) => [corrector.correctorId, corrector.percentage, corrector.status] as const)
      const examStatus = async () =>
        (await apiCall<FixedExamDetails>(base, 'GET', `/exam/api/Exams/GetTeacherExamInfo?ExamID=${examId}`, supervisorToken)).data.status

      const { context, page } = await openSignedIn(app.browser, base, demo.supervisor, locale, size)
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
      await pressEnterOn(page, row(teacherId).getByTestId('corrector-send-back'))
      const dialog = page.getByTestId('corrector-decision-dialog')
      await dialog.waitFor()
      await pressEnterOn(page, dialog.getByTestId('corrector-decision-send'))
      await dialog.getByTestId('corrector-reason-error').waitFor()
      const reason = locale === 'ar' ? 'خذي ٧٠٪ من الأوراق.' : 'Take 70% of the papers.'
      await typeInto(page, dialog.getByTestId('corrector-reason'), reason)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-send-back`, { fullPage: false })
      await pressEnterOn(page, dialog.getByTestId('corrector-decision-send'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 60, 'requiredEdit'],
        [supervisorId, 40, 'assigned'],
      ])
      await expect.poll(() => row(teacherId).getByTestId('corrector-status').innerText(), { timeout: 15_000 }).toBe(w.needsEdit)
      expect(await row(teacherId).getByTestId('corrector-reason-text').innerText()).toContain(reason)

      // She modifies the correctors: 70/40 does not total 100; removing one asks first (she keeps her); 70/30.
      await pressEnterOn(page, page.getByTestId('correctors-modify'))
      const editor = page.getByTestId('correctors-editor')
      await editor.waitFor()
      await typeInto(page, editor.getByTestId('exam-corrector-percentage-0'), '70')
      await pressEnterOn(page, editor.getByTestId('correctors-editor-save'))
      await editor.getByTestId('exam-correctors-error').waitFor()
      expect(await editor.getByTestId('exam-correctors-error').innerText()).toMatch(w.mismatch)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-modify`)
      await pressEnterOn(page, editor.getByTestId('exam-corrector-remove-1'))
      const confirm = page.getByTestId('corrector-remove-dialog')
      await confirm.waitFor()
      expect(await confirm.getAttribute('role')).toBe('alertdialog')
      expect(await axeFindings(page)).toEqual([])
      await page.keyboard.press('Escape')
      await confirm.waitFor({ state: 'detached' })
      expect(await editor.getByTestId('exam-corrector').count()).toBe(2)
      await typeInto(page, editor.getByTestId('exam-corrector-percentage-1'), '30')
      await pressEnterOn(page, editor.getByTestId('correctors-editor-save'))
      await editor.waitFor({ state: 'detached', timeout: 15_000 })
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'assigned'],
        [supervisorId, 30, 'assigned'],
      ])

      // Named herself, she accepts her share on the details; the teacher accepts hers elsewhere.
      await expect.poll(() => row(supervisorId).getByTestId('exam-corrector-accept').count(), { timeout: 15_000 }).toBe(1)
      await pressEnterOn(page, row(supervisorId).getByTestId('exam-corrector-accept'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'assigned'],
        [supervisorId, 30, 'waitingForApproval'],
      ])
      expect((await apiCall(base, 'POST', '/exam/api/ExamBuilder/RespondToCorrectorAssignment', teacherToken, { examId, accept: true })).code).toBe(200)
      await page.reload()
      await row(teacherId).getByTestId('corrector-approve').waitFor()

      // She approves both correctors, then the exam.
      await pressEnterOn(page, row(teacherId).getByTestId('corrector-approve'))
      await expect.poll(() => row(teacherId).getByTestId('corrector-status').innerText(), { timeout: 15_000 }).toBe(w.approved)
      await pressEnterOn(page, row(supervisorId).getByTestId('corrector-approve'))
      await expect.poll(stored, { timeout: 15_000 }).toEqual([
        [teacherId, 70, 'approved'],
        [supervisorId, 30, 'approved'],
      ])
      await pressEnterOn(page, page.getByTestId('exam-approve'))
      await expect.poll(examStatus, { timeout: 15_000 }).toBe('approved')
      await expect.poll(() => page.getByTestId('exam-details-status').innerText(), { timeout: 15_000 }).toBe(w.approved)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-details-${locale}-${size}-approved`)
      await context.close()
    }, 180_000)
  })
})
