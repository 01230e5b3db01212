import type { CDPSession, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeFindings } from '../support/axe.ts'
import type { Locale, Size } from '../support/contexts.ts'
import { openCorrection, setCorrectionHomework, studentWrites } from '../support/correction.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/** Her marks as the list shows them once the last unsaved mark went with the teacher: 2 + 0 + the 2 typed. */
const marksKept = { en: '4 / 6 (your marks, not marked corrected)', ar: '٤ / ٦ (بدرجاتك، لم يُعتمد التصحيح)' } as const
/** The 3 typed, as the mark field shows it in each language. */
const threeShown = { en: '3', ar: '٣' } as const

/** The demo student's work handed in: the choice right (2), the true/false wrong (0), the paragraph of 3 to mark. */
const setHandedInHomework = async (baseURL: string, title: string) => {
  const set = await setCorrectionHomework(baseURL, title)
  await studentWrites(baseURL, set.homeworkId, true)
  return set
}

/** Wholly on the screen and not hidden under the sticky top bar: what is at its centre is itself. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2)
    return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && element.contains(hit)
  })

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const focusedStudent = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-student-id') ?? null)

/** A finger drawn across the work's heading, from one x to another, through CDP touch events. */
const swipe = async (page: Page, cdp: CDPSession, y: number, fromX: number, toX: number) => {
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
  await touch('touchStart', fromX)
  for (let step = 1; step <= 8; step += 1) {
    await touch('touchMove', fromX + ((toX - fromX) * step) / 8)
    await page.waitForTimeout(16)
  }
  await touch('touchEnd', toX)
}

describe('correcting on a phone: the list and the work are two screens (issue 21) in Chromium', () => {
  const app = useAppServer()

  const cases: ReadonlyArray<{ locale: Locale; size: Size }> = [
    { locale: 'en', size: 'phone' },
    { locale: 'ar', size: 'phone' },
    { locale: 'en', size: 'desktop' },
    { locale: 'ar', size: 'desktop' },
  ]
  for (const { locale, size } of cases) {
    const onPhone = size === 'phone'

    it(`a student's work opens in view, moves by buttons, Alt+↓${onPhone ? ', swipes in the reader’s direction' : ''} and back to the list (${locale}, ${size})`, async () => {
      const { homeworkId, room } = await setHandedInHomework(app.server.url, `Correct on the go ${locale} ${size}`)
      const { context, page } = await openCorrection(app, locale, size, room, homeworkId)
      const list = page.getByTestId('correction-students')
      const rows = page.getByTestId('correction-student')
      const ids = await rows.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-student-id')!))
      expect(ids.length).toBeGreaterThan(2)
      expect(await axeFindings(page)).toEqual([])
      if (onPhone && locale === 'ar') await screenshot(page, 'correction-phone-ar-1-list')

      // The last student of the list, far down it on a phone: her work opens in view, its heading focused.
      const work = page.getByTestId('correction-work')
      const heading = page.locator('#correction-work-title')
      const opened = async (index: number) => {
        await page.locator(`[data-testid=correction-work][data-student-id="${ids[index]}"]`).waitFor()
        await expect.poll(() => focusedId(page)).toBe('correction-work-title')
        expect(await inView(heading)).toBe(true)
        expect(new URL(page.url()).searchParams.get('student')).toBe(ids[index])
      }
      const last = ids.length - 1
      if (onPhone) await rows.last().tap()
      else await rows.last().click()
      await opened(last)
      // A phone shows the work alone with a way back; a desk keeps the list beside it.
      expect(await list.isVisible()).toBe(!onPhone)
      expect(await page.getByTestId('correction-to-list').isVisible()).toBe(onPhone)
      if (!onPhone) {
        const [listBox, workBox] = await Promise.all([list.boundingBox(), work.boundingBox()])
        expect(locale === 'ar' ? listBox!.x > workBox!.x : listBox!.x < workBox!.x).toBe(true)
      }
      expect(await axeFindings(page)).toEqual([])
      if (onPhone && locale === 'ar') await screenshot(page, 'correction-phone-ar-2-work', { fullPage: false })

      await page.getByTestId('correction-previous').click()
      await opened(last - 1)
      await page.keyboard.press('Alt+ArrowDown')
      await opened(last)
      await page.keyboard.press('Alt+ArrowUp')
      await opened(last - 1)
      await page.getByTestId('correction-previous').click()
      await opened(last - 2)
      await page.getByTestId('correction-next').click()
      await opened(last - 1)

      if (onPhone) {
        // Toward the inline start is the next student: leftward in English, rightward in Arabic; the other way, the previous one.
        const cdp = await context.newCDPSession(page)
        const box = (await heading.boundingBox())!
        const y = box.y + box.height / 2
        const [start, end] = locale === 'ar' ? [40, 340] : [340, 40]
        await swipe(page, cdp, y, start, end)
        await opened(last)
        if (locale === 'ar') await screenshot(page, 'correction-phone-ar-3-after-swipe', { fullPage: false })
        await swipe(page, cdp, y, end, start)
        await opened(last - 1)
        // Up and down with a slanted finger scrolls; it moves no one.
        await swipe(page, cdp, y, 200, 230)
        await page.waitForTimeout(300)
        expect(await work.getAttribute('data-student-id')).toBe(ids[last - 1])
      }

      // The browser's back returns to the list however many students she went through, focus on the one she had open.
      await page.goBack()
      await expect.poll(() => new URL(page.url()).searchParams.get('student')).toBe(null)
      await list.waitFor()
      await expect.poll(() => focusedStudent(page)).toBe(ids[last - 1])
      expect(await inView(page.locator(`[data-testid=correction-student][data-student-id="${ids[last - 1]}"]`))).toBe(true)

      if (onPhone) {
        await rows.nth(1).tap()
        await opened(1)
        await page.getByTestId('correction-to-list').click()
        await list.waitFor()
        await expect.poll(() => focusedStudent(page)).toBe(ids[1])
        expect(await work.count()).toBe(0)
        expect(await axeFindings(page)).toEqual([])
        if (locale === 'ar') await screenshot(page, 'correction-phone-ar-4-back-to-list', { fullPage: false })
      }
      await context.close()
    }, 180_000)

    it(`a mark typed and not saved goes with the teacher to the next student and back to the list (${locale}, ${size})`, async () => {
      const { homeworkId, room } = await setHandedInHomework(app.server.url, `Unsaved marks ${locale} ${size}`)
      const { context, page } = await openCorrection(app, locale, size, room, homeworkId)
      const ready = page.locator('[data-testid=correction-student]:has([data-status=ready])')
      const readyId = await ready.getAttribute('data-student-id')
      await ready.click()
      const work = page.locator(`[data-testid=correction-work][data-student-id="${readyId}"]`)
      await work.waitFor()
      await work.getByTestId('correction-question').nth(2).getByTestId('question-override').fill('3')
      if (size === 'phone' && locale === 'ar') await screenshot(page, 'correction-phone-ar-5-marking')
      const away = (await page.getByTestId('correction-next').isDisabled()) ? 'correction-previous' : 'correction-next'
      await page.getByTestId(away).click()
      await page.locator(`[data-testid=correction-work]:not([data-student-id="${readyId}"])`).waitFor()
      await page.getByTestId(away === 'correction-next' ? 'correction-previous' : 'correction-next').click()
      await work.waitFor()
      // Sent as she moved on (the outbox shows it waiting until the server answers), then shown as hers.
      const explainMark = work.getByTestId('correction-question').nth(2).getByTestId('question-override')
      await expect.poll(() => explainMark.inputValue(), { timeout: 15_000 }).toBe(threeShown[locale])

      // The browser's back to the list takes the next unsaved mark with it too.
      await page.locator('[data-testid=correction-waiting]').waitFor({ state: 'detached' })
      await explainMark.fill('2')
      await page.goBack()
      const row = page.locator(`[data-testid=correction-student][data-student-id="${readyId}"]`)
      await expect.poll(() => row.getByTestId('correction-student-grade').innerText(), { timeout: 15_000 }).toBe(marksKept[locale])
      await context.close()
    }, 120_000)
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`a narrow desk window (no touch) has the two screens too, and widened it is side by side again (${locale})`, async () => {
      const { homeworkId, room } = await setHandedInHomework(app.server.url, `Narrow window ${locale}`)
      const { context, page } = await openCorrection(app, locale, 'desktop', room, homeworkId)
      await page.setViewportSize({ width: 820, height: 800 })
      const list = page.getByTestId('correction-students')
      const row = page.getByTestId('correction-student').last()
      const id = await row.getAttribute('data-student-id')
      await row.click()
      await page.locator(`[data-testid=correction-work][data-student-id="${id}"]`).waitFor()
      await expect.poll(() => focusedId(page)).toBe('correction-work-title')
      expect(await inView(page.locator('#correction-work-title'))).toBe(true)
      expect(await list.isVisible()).toBe(false)
      await page.getByTestId('correction-to-list').click()
      await expect.poll(() => focusedStudent(page)).toBe(id)
      await row.click()
      await page.setViewportSize({ width: 1280, height: 800 })
      expect(await list.isVisible()).toBe(true)
      expect(await page.getByTestId('correction-to-list').isVisible()).toBe(false)
      expect(await axeFindings(page)).toEqual([])
      await context.close()
    }, 120_000)
  }
})
