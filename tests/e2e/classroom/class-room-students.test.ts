import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

describe('the classroom tab lists the room’s students with their photos', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['desktop', 'phone'] as const)
      it(`${locale}, ${size}: every student of the room, named in the reader's language, each photo loaded`, async () => {
        const context = await app.browser.newContext({ baseURL: app.server.url, viewport: sizes[size], isMobile: size === 'phone', hasTouch: size === 'phone' })
        await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
        const page = await context.newPage()
        await signInThroughForm(page, demo.teacher)
        await page.waitForURL((url) => url.pathname === '/')
        await page.getByTestId('home-classroom-card').first().click()
        const list = page.getByTestId('classroom-students')
        await list.waitFor()
        // The demo seeds 25 students per class room.
        const names = await list.locator('li').allInnerTexts()
        expect(names).toHaveLength(25)
        const script = locale === 'ar' ? /\p{Script=Arabic}/u : /^[A-Za-z][A-Za-z' -]+$/u
        for (const name of names) expect(name.trim()).toMatch(script)
        expect(await page.locator('#classroom-students').innerText()).toMatch(locale === 'ar' ? /٢٥/ : /25 students/)
        // Photos are signed links to the stored files: each one must actually load.
        const photos = list.locator('img')
        expect(await photos.count()).toBe(25)
        await photos.last().scrollIntoViewIfNeeded()
        await expect
          .poll(
            () =>
              photos.evaluateAll(
                (images) => images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).length,
              ),
            { timeout: 15_000 },
          )
          .toBe(25)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
        expect(await axeFindings(page)).toEqual([])
        const dir = process.env.SCREENSHOT_DIR
        if (dir !== undefined) {
          mkdirSync(dir, { recursive: true })
          await page.screenshot({ path: join(dir, `class-room-students-${locale}-${size}.png`), fullPage: true })
        }
        await context.close()
      })
})
