import { describe, expect, it } from 'vitest'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith } from '../support/contexts.ts'
import { openCorrection, setCorrectionHomework, studentWrites } from '../support/correction.ts'
import { openHomeworkTab } from '../support/homework-form.ts'

const words = {
  en: {
    draftCounts: /^0 of \d+ handed in, 1 draft started$/u,
    assignmentCounts: /^0 of \d+ handed in, 1 draft started; 0 corrected$/u,
    saved: 'Saved',
    theirMarks: '6 / 6 (your marks, not marked corrected)',
    automatic: 'automatic',
    toMark: (count: string) => `To mark (${count})`,
    marked: (count: string) => `Marked (${count})`,
    digits: (count: number) => String(count),
  },
  ar: {
    draftCounts: /^سلّم ٠ من [٠-٩]+، ومسودات بدأت: ١$/u,
    assignmentCounts: /^سلّم ٠ من [٠-٩]+، ومسودات بدأت: ١؛ صُحّح ٠$/u,
    saved: 'تم الحفظ',
    theirMarks: '٦ / ٦ (بدرجاتك، لم يُعتمد التصحيح)',
    automatic: 'تلقائية',
    toMark: (count: string) => `للتصحيح (${count})`,
    marked: (count: string) => `مصحَّح (${count})`,
    digits: (count: number) => count.toLocaleString('ar-EG'),
  },
} as const

describe('correcting as a teacher expects it (issue 21) in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    const w = words[locale]

    it(`a saved draft is not counted as handed in: the homework tab says a draft was started (${locale})`, async () => {
      const title = `Draft only ${locale}`
      const { homeworkId } = await setCorrectionHomework(app.server.url, title)
      await studentWrites(app.server.url, homeworkId, false)
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await openHomeworkTab(page)
      const line = page.locator('[data-testid=homework-line]', { hasText: title })
      expect(await line.getByTestId('homework-line-progress').innerText()).toMatch(w.draftCounts)
      await page.goto('/assignments')
      const card = page.locator('[data-testid=assignment]', { hasText: title })
      expect(await card.getByTestId('assignment-progress').innerText()).toMatch(w.assignmentCounts)
      await context.close()
    }, 90_000)

    it(`an invalid mark refuses "Save grades" and "Mark corrected"; a save says "Saved"; reopened, the row shows her marks (${locale})`, async () => {
      const { homeworkId, room } = await setCorrectionHomework(app.server.url, `Marks ${locale}`)
      await studentWrites(app.server.url, homeworkId, true)
      const { context, page } = await openCorrection(app, locale, 'desktop', room, homeworkId)
      await page.locator('[data-testid=correction-student]:has([data-status=ready])').click()
      const work = page.getByTestId('correction-work')
      await work.waitFor()
      const trueFalse = work.getByTestId('correction-question').nth(1).getByTestId('question-override')
      await trueFalse.fill('5')
      await page.getByTestId('correction-marks-invalid').waitFor()
      expect(await page.getByTestId('correction-mark').isDisabled()).toBe(true)
      expect(await page.getByTestId('correction-save').isDisabled()).toBe(true)
      expect(await axeFindings(page)).toEqual([])

      await trueFalse.fill('1')
      await work.getByTestId('correction-question').nth(2).getByTestId('question-override').fill('3')
      await page.getByTestId('correction-marks-invalid').waitFor({ state: 'detached' })
      expect(await page.getByTestId('correction-mark').isDisabled()).toBe(false)
      await page.getByTestId('correction-save').click()
      await expect.poll(() => page.getByTestId('correction-saved').innerText(), { timeout: 15_000 }).toBe(w.saved)
      expect(await axeFindings(page)).toEqual([])

      await page.getByTestId('correction-mark').click()
      await page.locator('[data-testid=correction-work][data-status=done]').waitFor()
      await page.getByTestId('correction-reopen').click()
      await page.locator('[data-testid=correction-work][data-status=ready]').waitFor()
      const row = page.locator(`[data-testid=correction-student][data-student-id="${await work.getAttribute('data-student-id')}"]`)
      await expect.poll(() => row.getByTestId('correction-student-grade').innerText(), { timeout: 15_000 }).toBe(w.theirMarks)
      expect(await row.innerText()).not.toContain(w.automatic)
      await context.close()
    }, 120_000)

    it(`the list filters by group with counts, by keyboard, and "Back" returns to the Homework tab (${locale})`, async () => {
      const { homeworkId, room } = await setCorrectionHomework(app.server.url, `Groups ${locale}`)
      await studentWrites(app.server.url, homeworkId, true)
      const { context, page } = await openCorrection(app, locale, 'desktop', room, homeworkId)
      const rows = page.getByTestId('correction-student')
      const everyone = await rows.count()
      expect(everyone).toBeGreaterThan(1)
      expect(await page.getByTestId('correction-filter-toMark').innerText()).toBe(w.toMark(w.digits(1)))
      expect(await page.getByTestId('correction-filter-notHandedIn').innerText()).toContain(w.digits(everyone - 1))
      // The arrow key of the reading direction moves from "All" to "To mark" and shows that group.
      await page.getByTestId('correction-filter-all').click()
      await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight')
      await expect.poll(() => rows.count()).toBe(1)
      expect(await rows.first().getByTestId('correction-status').getAttribute('data-status')).toBe('ready')
      expect(await axeFindings(page)).toEqual([])

      await rows.first().click()
      await page.getByTestId('correction-mark').click()
      await page.locator('[data-testid=correction-work][data-status=done]').waitFor()
      await expect.poll(() => page.getByTestId('correction-filter-marked').innerText(), { timeout: 15_000 }).toBe(w.marked(w.digits(1)))
      await page.getByTestId('correction-filter-empty').waitFor()

      await page.getByTestId('correction-back').click()
      await page.getByTestId('homework-panel').waitFor()
      expect(new URL(page.url()).searchParams.get('at')).toBe('homework')
      await context.close()
    }, 120_000)
  }
})
