import type { CDPSession, Page } from 'playwright-core'
import { launchChromium } from '../support/chromium.ts'
import type { CorrectionClass } from './correction-class.ts'
import { percentile } from './percentile.ts'

export interface CorrectionTiming {
  /** From clicking "Students' answers" on the class room's homework tab to every row shown (the list's first open). */
  readonly fromClickMs: number
  /** From navigation start (a load of the list's address, session restored) to every row shown: median and max of the runs. */
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

/**
 * Put into every new document before its own scripts (CDP's Page.addScriptToEvaluateOnNewDocument):
 * it records performance.now() at the first animation frame at which every student's row is in the
 * page and enabled, and the longest main-thread task up to 200 ms after that.
 */
const recorder = (rows: number) => `(() => {
  const recorded = { rowsAt: null, longestTask: 0 }
  window.__correctionLoad = recorded
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (recorded.rowsAt === null || entry.startTime <= recorded.rowsAt + 200) recorded.longestTask = Math.max(recorded.longestTask, entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  const check = () => {
    const buttons = document.querySelectorAll('[data-testid=correction-student]')
    if (buttons.length >= ${rows} && [...buttons].every((button) => !button.disabled)) recorded.rowsAt = performance.now()
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

interface Recorded {
  readonly rowsAt: number | null
  readonly longestTask: number
}

/**
 * One load of `url` as the browser alone would do it: navigated and read through the DevTools
 * protocol, with nothing of Playwright's in the page while it loads. (Playwright's navigation and
 * its polling put its own scripts into each new document; a Chromium trace showed them taking a
 * 40 ms task of the page's main thread before the first render, 60 ms on the median of alternating
 * loads, which no teacher's browser pays.) Each load starts from a page at rest, as a teacher's
 * reload does: the previous one is given a second after its rows showed to finish what it does
 * next (the class overview, the work panel's code), which back to back would run into this one.
 */
const settleMs = 1000

const coldLoad = async (cdp: CDPSession, url: string): Promise<Recorded> => {
  const loaded = new Promise<void>((resolve) => cdp.once('Page.loadEventFired', () => resolve()))
  await cdp.send('Page.navigate', { url })
  await loaded
  const deadline = Date.now() + 30_000
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__correctionLoad', returnByValue: true })
    const recorded = result.value as Recorded | undefined
    if (recorded !== undefined && recorded.rowsAt !== null) {
      await new Promise((resolve) => setTimeout(resolve, settleMs))
      return recorded
    }
    if (Date.now() > deadline) throw new Error(`the correction list's rows did not all show within 30 s of loading ${url}`)
  }
}

/**
 * The correction list of `work`'s class in Chromium, signed in as its teacher at 1280×800: once by
 * clicking into it as she would, then `runs` cold loads of its address (coldLoad). "Usable" is
 * every student's row rendered as an enabled button; that a click on one opens her work is
 * checked, not timed.
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
    await page.evaluate(() =>
      document.addEventListener('click', (event) => ((window as unknown as { clickedAt: number }).clickedAt = event.timeStamp), { capture: true, once: true }),
    )
    await link.click()
    const shownAt = await rowsShown(page, work.students)
    const fromClickMs = shownAt - (await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt))
    const address = page.url()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Page.enable')
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: recorder(work.students) })
    const cold: number[] = []
    let longest = 0
    for (let run = 0; run < runs; run++) {
      const recorded = await coldLoad(cdp, address)
      cold.push(recorded.rowsAt!)
      longest = Math.max(longest, recorded.longestTask)
    }
    await cdp.detach()
    const rows = await page.getByTestId('correction-student').count()
    await page.getByTestId('correction-student').first().click()
    await page.getByTestId('correction-work').waitFor()
    await context.close()
    return { fromClickMs, coldMedianMs: percentile(cold, 50), coldMaxMs: Math.max(...cold), longestTaskMs: longest, rows }
  } finally {
    await browser.close()
  }
}
