import type { CDPSession, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { orderIn } from '../support/dnd-keyboard.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Re-arrange and connect by pointer: a mouse on a desk, a finger on a phone (touch events through
 * the DevTools protocol, as a touch screen sends them), in English and in Arabic, where the row of
 * items reads from the right. The keyboard paths are in quiz-all-types and homework-questions.
 */
const { student } = demo

const words = {
  en: {
    title: 'Order and match by hand',
    steps: ['First', 'Second', 'Third', 'Fourth'],
    pairs: [
      ['Cairo', 'Egypt'],
      ['Riyadh', 'Saudi Arabia'],
      ['Paris', 'France'],
    ],
  },
  ar: {
    title: 'رتّب وصِل بيدك',
    steps: ['أولًا', 'ثانيًا', 'ثالثًا', 'رابعًا'],
    pairs: [
      ['القاهرة', 'مصر'],
      ['الرياض', 'السعودية'],
      ['باريس', 'فرنسا'],
    ],
  },
} as const

const text = (locale: Locale) =>
  locale === 'ar'
    ? 'رتّب الخطوات واسحب كل عاصمة إلى دولتها، بالفأرة أو بإصبعك، ثم راجع إجاباتك قبل التسليم.'
    : 'Put the steps in order and drag each capital to its country, by mouse or finger, then check before you hand in.'

const questionsOf = (locale: Locale) => [
  {
    type: 6 as const,
    id: 'steps',
    header: locale === 'ar' ? 'رتّب الخطوات' : 'Put the steps in order',
    degree: 2,
    items: words[locale].steps.map((step, index) => ({ id: `s${index}`, text: step })),
  },
  {
    type: 8 as const,
    id: 'capitals',
    header: locale === 'ar' ? 'صِل كل عاصمة بدولتها' : 'Match each capital with its country',
    degree: 3,
    pairs: words[locale].pairs.map(([left, right], index) => ({ left: { id: `l${index}`, text: left }, right: { id: `r${index}`, text: right } })),
  },
]

/** A pointer that drags from one element's centre to another's, by mouse or by finger. */
interface Pointer {
  drag(from: Locator, to: Locator): Promise<void>
}

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

const mouse = (page: Page): Pointer => ({
  async drag(from, to) {
    const start = await centreOf(from)
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
    // Past the sensor's 4 px before anything moves, then on in steps, as a hand does.
    await page.mouse.move(start.x + 6, start.y + 6, { steps: 3 })
    const end = await centreOf(to)
    await page.mouse.move(end.x, end.y, { steps: 12 })
    await page.waitForTimeout(100)
    await page.mouse.up()
  },
})

const finger = (page: Page, cdp: CDPSession): Pointer => ({
  async drag(from, to) {
    const start = await centreOf(from)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
    await touch('touchStart', start.x, start.y)
    // The touch sensor waits 150 ms before a press becomes a drag (a quick swipe scrolls the page).
    await page.waitForTimeout(300)
    const end = await centreOf(to)
    for (let step = 1; step <= 12; step += 1) {
      await touch('touchMove', start.x + ((end.x - start.x) * step) / 12, start.y + ((end.y - start.y) * step) / 12)
      await page.waitForTimeout(16)
    }
    await page.waitForTimeout(100)
    await touch('touchEnd', end.x, end.y)
  },
})

const orderByPointer = async (pointer: Pointer, question: Locator, steps: ReadonlyArray<string>) => {
  for (const [target, step] of steps.entries()) {
    const at = (await orderIn(question)).indexOf(step)
    if (at === target) continue
    await question.evaluate((view) => view.scrollIntoView({ block: 'center' }))
    await pointer.drag(question.locator('[data-testid=order-item]').nth(at), question.locator('[data-testid=order-item]').nth(target))
    await expect.poll(() => orderIn(question).then((now) => now.indexOf(step))).toBe(target)
  }
  expect(await orderIn(question)).toEqual([...steps])
}

const connectByPointer = async (pointer: Pointer, question: Locator, pairs: ReadonlyArray<readonly [string, string]>) => {
  for (const [left, right] of pairs) {
    // A hand starts a drag with both ends on the screen (farther, dnd-kit scrolls the page under it).
    await question.getByTestId('connect-board').evaluate((board) => board.scrollIntoView({ block: 'center' }))
    const slot = question.locator('[data-testid=connect-row]', { hasText: left }).getByTestId('connect-slot')
    await pointer.drag(question.locator('[data-testid=connect-pool] [data-testid=match-chip]', { hasText: right }), slot)
    await expect.poll(() => slot.innerText()).toBe(right)
  }
  expect(await question.locator('[data-testid=connect-pool] [data-testid=match-chip]').count()).toBe(0)
}

describe('re-arrange and connect by mouse and by touch, in Chromium', () => {
  const app = useAppServer()

  const cases: ReadonlyArray<{ locale: Locale; size: Size; by: 'mouse' | 'touch' }> = [
    { locale: 'en', size: 'desktop', by: 'mouse' },
    { locale: 'ar', size: 'desktop', by: 'mouse' },
    { locale: 'en', size: 'phone', by: 'touch' },
    { locale: 'ar', size: 'phone', by: 'touch' },
  ]
  for (const { locale, size, by } of cases) {
    it(`the student orders the steps and matches the capitals by ${by} on a ${size} (${locale}), and her draft holds what she did`, async () => {
      const w = words[locale]
      const title = `${w.title} (${by})`
      const { homeworkId } = await insertHomework(app.server.url, demo.teacher, { title, text: text(locale), questions: questionsOf(locale) })
      const { context, page } = await openWith(app.browser, app.server.url, locale, size)
      await signInThroughForm(page, student)
      await page.getByTestId('my-homework-card').waitFor()
      await page.goto(`/my-homework/${homeworkId}`)
      await page.getByTestId('my-homework-answer').waitFor()
      const pointer = by === 'mouse' ? mouse(page) : finger(page, await context.newCDPSession(page))

      const steps = page.locator('[data-testid=question-view][data-type="6"]')
      await orderByPointer(pointer, steps, w.steps)
      // In Arabic the first step stands at the right end of the row.
      const [first, last] = await Promise.all([
        centreOf(steps.locator('[data-testid=order-item]').first()),
        centreOf(steps.locator('[data-testid=order-item]').last()),
      ])
      if (first.y === last.y) expect(locale === 'ar' ? first.x > last.x : first.x < last.x).toBe(true)

      await connectByPointer(pointer, page.locator('[data-testid=question-view][data-type="8"]'), w.pairs)
      await page.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
      await screenshot(page, `pointer-${locale}-${size}-${by}`)

      // What the server keeps is what she did: the steps in order, every capital with its country.
      await expect
        .poll(
          async () => {
            const token = await tokenOf(app.server.url, student)
            const opened = await apiCall<{ answers: Record<string, { order?: string[]; matches?: Record<string, string> }> }>(
              app.server.url,
              'POST',
              '/school/api/Student/OpenHomework',
              token,
              { homeworkId },
            )
            return [opened.data.answers['steps']?.order, opened.data.answers['capitals']?.matches]
          },
          { timeout: 10_000 },
        )
        .toEqual([['s0', 's1', 's2', 's3'], { l0: 'r0', l1: 'r1', l2: 'r2' }])
      await context.close()
    }, 90_000)
  }
})
