import { describe, expect, it } from 'vitest'
import arMessages from '../../../plugins/homework/locales/ar.json' with { type: 'json' }
import enMessages from '../../../plugins/homework/locales/en.json' with { type: 'json' }
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { insertHomework } from '../support/homework-api.ts'
import { addQuestion, openHomeworkTab } from '../support/homework-form.ts'
import { shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const text = 'Read each question carefully, answer it in its place, and check your answers before you hand them in.'
const catalogues = { en: enMessages, ar: arMessages } as const
const counted = { en: '10 characters so far.', ar: '١٠ أحرف حتى الآن.' } as const

/**
 * Issue 21, what confused a new teacher on the homework form: the instructions' 50-character minimum
 * is said under the field with how many she has written, each quiz mode says what it means, and the
 * "homework already exists for the class that day" warning is said once, by the save that made it,
 * not again after she saves that homework once more.
 */
describe('the homework form explains itself, and warns once, in Chromium', () => {
  const app = useAppServer()

  it('shows the instructions minimum and the quiz modes, and the same-day warning once, in English and Arabic, on a desk and a phone', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const size of ['desktop', 'phone'] as const) {
        const messages = catalogues[locale]
        // Another homework of the class due the day the form proposes (a week from today).
        await insertHomework(app.server.url, demo.teacher, {
          title: `Same day ${locale} ${size}`,
          text,
          dueInDays: 7,
          questions: [{ type: 4, id: 'q', header: 'Explain your answer.', degree: 1 }],
        })
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await openHomeworkTab(page)
        await page.getByTestId('homework-new').click()
        await page.getByTestId('homework-form').waitFor()

        // The instructions: the minimum, and how far she is, tied to the field.
        const instructions = page.getByTestId('homework-text')
        await instructions.fill('0123456789')
        const helperId = await instructions.getAttribute('aria-describedby')
        expect(helperId).toBeTruthy()
        const helper = await page.locator(`[id="${helperId}"]`).innerText()
        expect(helper).toContain(locale === 'ar' ? '٥٠' : '50')
        expect(helper).toContain(counted[locale])
        await instructions.fill(text)

        // A quiz: the mode's hint, before one is chosen and for the one chosen with the keyboard.
        await page.getByTestId('homework-type-quiz').click()
        const mode = page.getByTestId('homework-quiz-mode')
        const modeHint = async () => page.locator(`[id="${await mode.getAttribute('aria-describedby')}"]`).innerText()
        expect(await modeHint()).toBe(messages['homework.quizModeHint.none'])
        await mode.focus()
        await page.keyboard.press('Enter')
        await page.locator('[role=listbox]:visible').waitFor()
        // Nothing chosen yet: the list opens on the first mode.
        await expect.poll(() => page.locator('[role=option][data-highlighted]:visible').getAttribute('data-value')).toBe('training')
        // The list takes the focus once open: a key pressed before then goes to the trigger.
        await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=listbox]') != null)).toBe(true)
        await page.keyboard.press('Enter')
        await expect.poll(() => mode.innerText()).toBe(messages['homework.quizMode.training'])
        expect(await modeHint()).toBe(messages['homework.quizModeHint.training'])
        await page.getByTestId('homework-quiz-mode').press('Tab')
        expect(await axeFindings(page)).toEqual([])
        await shotOf(page.getByTestId('homework-form').locator('> div').first(), `homework-hints-${locale}-${size}-form`)

        const title = `Hinted quiz ${locale} ${size}`
        await page.getByTestId('homework-title').fill(title)
        await page.getByTestId('homework-subject').click()
        await page.locator('[role=option]:visible').first().click()
        const question = await addQuestion(page, 4)
        await question.getByTestId('question-header').fill(locale === 'ar' ? 'اشرح إجابتك.' : 'Explain your answer.')
        await page.getByTestId('homework-save').click()
        // Saved, with the warning: the class has other homework that day.
        const warning = page.getByTestId('homework-warning')
        await warning.waitFor({ timeout: 15_000 })
        const line = page.locator('[data-testid=homework-line]:not([data-waiting])', { hasText: title })
        await line.waitFor({ timeout: 15_000 })
        expect(await axeFindings(page)).toEqual([])

        // Saved again (a new title): no warning this time.
        await line.getByTestId('homework-edit').click()
        await page.getByTestId('homework-form').waitFor()
        await page.getByTestId('homework-title').fill(`${title}, again`)
        await page.getByTestId('homework-save').click()
        await page.locator('[data-testid=homework-line]:not([data-waiting])', { hasText: `${title}, again` }).waitFor({ timeout: 15_000 })
        await expect.poll(() => warning.count()).toBe(0)
        await context.close()
      }
    }
  }, 240_000)
})
