import { describe, expect, it } from 'vitest'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { apiCall, classRoomsOf, insertHomework, tokenOf } from '../support/homework-api.ts'
import { chooseOption, openHomeworkTab } from '../support/homework-form.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const text = 'Read each question carefully, answer it in its place, and check your answers before you hand them in.'

/**
 * Copying a homework: into another of the teacher's class rooms, in a subject taught there, under a
 * title of her own; the copy is listed there under that title, and a copy left with an empty or
 * too short title is refused with focus on the title.
 */
describe('copying a homework to another class room in Chromium', () => {
  const app = useAppServer()

  it('copies under a new title into another of her class rooms, in English and Arabic, on a desk and a phone', async () => {
    const token = await tokenOf(app.server.url, demo.teacher)
    const rooms = await classRoomsOf(app.server.url, token)
    expect(rooms.length).toBeGreaterThan(1)
    const [first, other] = [rooms[0]!, rooms[1]!]
    for (const locale of ['en', 'ar'] as const) {
      for (const size of ['desktop', 'phone'] as const) {
        const original = `Map skills ${locale} ${size}`
        await insertHomework(app.server.url, demo.teacher, {
          room: first,
          title: original,
          text,
          questions: [{ type: 3, id: 'q', header: 'Cairo is on the Nile.', degree: 1, correct: true }],
        })
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await openHomeworkTab(page)
        const line = page.getByTestId('homework-line').filter({ has: page.getByRole('heading', { name: original, exact: true }) })
        await line.getByTestId('homework-clone').click()
        const title = page.getByTestId('homework-clone-title')
        expect(await title.inputValue()).toBe(original)

        // Too short: refused, focus on the title, nothing sent.
        await title.fill('ab')
        await page.getByTestId('homework-clone-confirm').click()
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('homework-clone-title')
        expect(await page.getByTestId('homework-clone-title').getAttribute('aria-invalid')).toBe('true')
        await page.getByTestId('homework-clone-title-error').waitFor()

        const copyTitle = `${original} (Grade B)`
        await title.fill(copyTitle)
        await chooseOption(page, page.getByTestId('homework-clone-room'), String(other.classRoomId))
        // The other room's subjects load, and one is chosen.
        await expect.poll(() => page.getByTestId('homework-clone-subject').innerText()).not.toBe('')
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `homework-copy-${locale}-${size}-dialog`, { fullPage: false })
        await page.getByTestId('homework-clone-confirm').click()
        const sent = page.getByTestId('homework-copied-elsewhere')
        await sent.waitFor()
        expect(await sent.innerText()).toContain(copyTitle)
        expect(await axeFindings(page)).toEqual([])

        // The copy is the other room's, under its own title; this room keeps only the original.
        await expect
          .poll(
            async () =>
              (
                await apiCall<Array<{ title: string }>>(
                  app.server.url,
                  'GET',
                  `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${other.classRoomId}`,
                  token,
                )
              ).data.map((homework) => homework.title),
            { timeout: 15_000 },
          )
          .toContain(copyTitle)
        expect(await line.count()).toBe(1)
        expect(await page.getByRole('heading', { name: copyTitle }).count()).toBe(0)
        await context.close()
      }
    }
  }, 180_000)
})
