import { describe, expect, it } from 'vitest'
import { apiGet, apiSignIn, demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { openWith } from './support/contexts.ts'
import { screenshot } from './support/screenshots.ts'
import { useAppServer } from './support/suite.ts'

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Deletes the chapters a test made, so the next one starts from the seeded school. */
const deleteChapter = async (baseURL: string, name: string) => {
  const token = await apiSignIn(baseURL, demo.teacher)
  const [room] = await apiGet<ReadonlyArray<{ classRoomId: number }>>(baseURL, '/school/api/ClassRooms/GetTeacherClassRooms', token)
  const [subject] = await apiGet<ReadonlyArray<{ id: number }>>(baseURL, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.classRoomId}`, token)
  const chapters = await apiGet<ReadonlyArray<{ id: number; name: string; topics: unknown }>>(
    baseURL,
    `/school/api/Chapters/GetCurrentSemeseterSubjectChapters?SubjectID=${subject!.id}`,
    token,
  )
  for (const chapter of chapters.filter((each) => each.name === name))
    await fetch(`${baseURL}/school/api/Chapters/Delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ id: chapter.id }),
    })
}

/**
 * A toast (here: "Chapter added") sits below the header at the inline end, so it never covers the
 * language button or the user's menu, in English and in Arabic, at a desk and on a phone; and it is
 * announced once: the toast group is the only live region, the toast itself is not a second one.
 */
describe('toasts in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['desktop', 'phone'] as const)
      it(`a toast covers none of the header's controls and is announced once (${locale}, ${size})`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        const name = `Toast ${locale} ${size}`
        try {
          await signInThroughForm(page, demo.teacher)
          await page.waitForURL((url) => url.pathname === '/')
          await page.getByTestId('home-classroom-card').first().click()
          const section = page.locator('[data-testid=chapters-section]:visible').first()
          await section.getByTestId('chapters-add').click()
          await page.getByTestId('chapter-create-name').fill(name)
          await page.getByTestId('chapter-create-submit').click()
          const toast = page.getByTestId('toast').first()
          await toast.waitFor()
          // Wait for the toast's entry animation to end before measuring.
          await expect.poll(async () => (await toast.boundingBox())?.y ?? -1, { timeout: 5000 }).toBeGreaterThan(0)
          await page.waitForTimeout(450)
          const toastBox = (await toast.boundingBox())!
          const header = page.locator('header').first()
          const headerBox = (await header.boundingBox())!
          expect(overlaps(toastBox, headerBox)).toBe(false)
          const language = page.getByTestId('language-switch').first()
          if (await language.isVisible()) expect(overlaps(toastBox, (await language.boundingBox())!)).toBe(false)
          const live = await toast.evaluate((element) => {
            const regions: string[] = []
            for (let node: Element | null = element; node !== null; node = node.parentElement) {
              const role = node.getAttribute('role')
              const politeness = node.getAttribute('aria-live')
              if ((politeness !== null && politeness !== 'off') || role === 'status' || role === 'alert') regions.push(`${role}:${politeness}`)
            }
            return regions
          })
          expect(live).toEqual(['region:polite'])
          expect(await axeFindings(page)).toEqual([])
          await screenshot(page, `toast-${locale}-${size}`, { fullPage: false })
        } finally {
          await context.close()
          await deleteChapter(app.server.url, name)
        }
      })
})
