import type { Page } from 'playwright-core'
import { launchChromium } from '../support/chromium.ts'
import type { CorrectionClass } from './correction-class.ts'
import { percentile } from './measure-load.ts'

export interface CorrectionTiming {
  /** From clicking "Students' answers" on the class room's homework tab to every row shown (the list's first open). */
  readonly fromClickMs: number
  /** From navigation start (a reload of the list's address, session restored) to every row shown: median and max of the runs. */
  readonly coldMedianMs: number
  readonly coldMaxMs: number
  readonly longestTaskMs: number
  readonly rows: number
}

/** Resolves with performance.now() at the first animation frame at which every student's row is in the page and enabled. */
const rowsShown = (page: Page, rows: number) =>
  page
    .waitForFunction(
      (count) => {
        const buttons = document.querySelectorAll<HTMLButtonElement>('[data-testid=correction-student]')
        return buttons.length >= count && [...buttons].every((button) => !button.disabled) ? performance.now() : false
      },
      rows,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)

/** Long tasks since navigation (buffered), the longest in ms; 0 when none passed 50 ms. */
const longestTask = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let longest = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration)
        }).observe({ type: 'longtask', buffered: true })
        setTimeout(() => resolve(longest), 200)
      }),
  )

/**
 * The correction list of `work`'s class in Chromium, signed in as its teacher at 1280×800: once by
 * clicking into it as she would, then `runs` cold loads of its address. "Usable" is every student's
 * row rendered as an enabled button; that a click on one opens her work is checked, not timed.
 */
export const measureCorrection = async (baseUrl: string, work: CorrectionClass, runs = 5): Promise<CorrectionTiming> => {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto('/Signin')
    await page.getByTestId('signin-email').fill('teacher@fasl.school')
    await page.getByTestId('signin-password').fill('Teacher#2026')
    await page.getByTestId('signin-submit').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('home-classroom-card').first().waitFor()
    await page.goto(`/classroom/room?at=homework&id=${work.classRoomId}`)
    const link = page.locator('[data-testid=homework-line]', { hasText: 'Benchmark: fifty questions' }).getByTestId('homework-correct')
    await link.waitFor()
    await page.evaluate(() => document.addEventListener('click', (event) => ((window as unknown as { clickedAt: number }).clickedAt = event.timeStamp), { capture: true, once: true }))
    await link.click()
    const shownAt = await rowsShown(page, work.students)
    const fromClickMs = shownAt - (await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt))
    const address = page.url()
    const cold: number[] = []
    let longest = 0
    for (let run = 0; run < runs; run++) {
      await page.goto(address, { waitUntil: 'commit' })
      cold.push(await rowsShown(page, work.students))
      longest = Math.max(longest, await longestTask(page))
    }
    const rows = await page.getByTestId('correction-student').count()
    await page.getByTestId('correction-student').first().click()
    await page.getByTestId('correction-work').waitFor()
    await context.close()
    return { fromClickMs, coldMedianMs: percentile(cold, 50), coldMaxMs: Math.max(...cold), longestTaskMs: longest, rows }
  } finally {
    await browser.close()
  }
}
