import { describe, expect, it } from 'vitest'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { insertHomework } from '../support/homework-api.ts'
import { openHomeworkTab } from '../support/homework-form.ts'
import { useAppServer } from '../support/suite.ts'

const text = 'Read each question carefully, answer it in its place, and check your answers before you hand them in.'

/** What the focused element is: its id, or its test id. */
const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    return active === null || active === document.body ? 'body' : active.id || active.getAttribute('data-testid') || active.tagName
  })

/**
 * Where the keyboard is after each step of the homework tab: on the new form's heading after "New
 * homework", on the first field a rule refuses after an empty save, and on the next homework after a delete.
 */
describe('focus on the homework tab in Chromium', () => {
  const app = useAppServer()

  it('goes to the form heading, the first invalid field, and the next homework after a delete, in English and Arabic, on a desk and a phone', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const size of ['desktop', 'phone'] as const) {
        const titles = [`Focus first ${locale} ${size}`, `Focus second ${locale} ${size}`]
        for (const [index, title] of titles.entries())
          await insertHomework(app.server.url, demo.teacher, {
            title,
            text,
            dueInDays: 20 - index,
            questions: [{ type: 3, id: 'q', header: 'Cairo is on the Nile.', degree: 1, correct: true }],
          })
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await openHomeworkTab(page)

        await page.getByTestId('homework-new').click()
        await page.getByTestId('homework-form').waitFor()
        await expect.poll(() => focused(page)).toBe('homework-form-title')

        // An empty save: the first field of the form (its title) holds the focus, and says why.
        await page.getByTestId('homework-save').click()
        await expect.poll(() => focused(page)).toBe('homework-title')
        expect(await page.getByTestId('homework-title').getAttribute('aria-invalid')).toBe('true')
        expect(await axeFindings(page)).toEqual([])
        await page.getByTestId('homework-cancel').click()
        await page.getByTestId('homework-list').waitFor()

        // Deleting the first of the two: the focus goes to the one after it, which the list still shows.
        const line = (name: string) => page.getByTestId('homework-line').filter({ has: page.getByRole('heading', { name, exact: true }) })
        const lineIds = await page
          .getByTestId('homework-line')
          .locator('h3')
          .evaluateAll((headings) => headings.map((heading) => heading.id))
        const [deleted] = titles
        const deletedIndex = await page
          .getByTestId('homework-line')
          .locator('h3')
          .evaluateAll((headings, name) => headings.findIndex((heading) => heading.textContent === name), deleted!)
        await line(deleted!).getByTestId('homework-delete').click()
        await page.getByTestId('homework-delete-confirm').click()
        await expect.poll(() => line(deleted!).count(), { timeout: 15_000 }).toBe(0)
        const next = lineIds[deletedIndex + 1] ?? lineIds[deletedIndex - 1]
        await expect.poll(() => focused(page)).toBe(next)
        expect(await axeFindings(page)).toEqual([])
        await context.close()
      }
    }
  }, 240_000)
})
