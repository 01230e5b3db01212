import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiGet, apiSignIn, demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith, type Locale } from '../support/contexts.ts'
import { connectByKeyboard, orderByKeyboard } from '../support/dnd-keyboard.ts'
import { addQuestion, openHomeworkTab } from '../support/homework-form.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { homeworkRuleMessages } from '../../../plugins/homework/contract/rule-messages.ts'

const words = {
  en: {
    required: 'This field is required.',
    needsCorrect: 'Mark at least one option as correct.',
    title: 'Fractions practice',
    steps: ['Read', 'Think', 'Write'],
    pairs: [
      ['Cairo', 'Egypt'],
      ['Paris', 'France'],
      ['Riyadh', 'Saudi Arabia'],
    ],
    pickedUp: 'Picked up',
    total: 'Total degree: 3',
    microphone: 'Microphone permission is required for recording.',
  },
  ar: {
    required: 'هذا الحقل مطلوب.',
    needsCorrect: 'حدّد خيارًا صحيحًا واحدًا على الأقل.',
    title: 'تمارين الكسور',
    steps: ['اقرأ', 'فكّر', 'اكتب'],
    pairs: [
      ['القاهرة', 'مصر'],
      ['باريس', 'فرنسا'],
      ['الرياض', 'السعودية'],
    ],
    pickedUp: 'التُقط',
    total: 'الدرجة الكلية: ٣',
    microphone: 'يلزم إذن الميكروفون للتسجيل.',
  },
} as const

const text = (locale: Locale) =>
  locale === 'ar'
    ? 'اقرأ كل سؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجاباتك قبل التسليم.'
    : 'Read each question carefully, answer it in its place, and check your answers before you hand them in.'

describe('the homework questions in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    const w = words[locale]

    it(`a teacher builds a homework of several question types, sees the rules' messages, orders and matches by keyboard only, and sends it once (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await openHomeworkTab(page)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      await page.locator('[data-testid=homework-empty], [data-testid=homework-load-error], [data-testid=homework-list]').first().waitFor()
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `homework-${locale}-desktop-list`)

      await page.getByTestId('homework-new').click()
      await page.getByTestId('homework-form').waitFor()
      // Saving an empty form: the messages show next to their fields, in the page's language.
      await page.getByTestId('homework-save').click()
      await page.getByTestId('homework-form-invalid').waitFor()
      expect(await page.getByTestId('homework-title-error').innerText()).toBe(w.required)
      // A rule of homework's own (its contract's messages, loaded with its locale bundles once signed in).
      expect(await page.getByTestId('homework-questions-error').innerText()).toBe(homeworkRuleMessages.questionsAtLeastOne[locale])
      // The focus goes to the first refused field in the form's order: the title.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('homework-title')

      await page.getByTestId('homework-title').fill(w.title)
      await page.getByTestId('homework-text').fill(text(locale))
      await page.getByTestId('homework-subject').click()
      await page.locator('[role=option]:visible').first().click()
      // A multiple choice question left empty: header and "a right option" are asked for.
      const choice = await addQuestion(page, 1)
      await page.getByTestId('homework-save').click()
      expect(await choice.getByTestId('question-header-error').innerText()).toBe(w.required)
      expect(await choice.getByTestId('question-options-error').innerText()).toBe(w.needsCorrect)
      // Whitespace only is no answer either.
      await choice.getByTestId('question-header').fill('   ')
      expect(await choice.getByTestId('question-header-error').innerText()).toBe(w.required)
      await choice.getByTestId('question-header').fill(locale === 'ar' ? 'ما ناتج ١ + ١؟' : 'What is 1 + 1?')
      await choice.locator('[data-testid=question-option] input:not([type])').nth(0).fill('2')
      await choice.locator('[data-testid=question-option] input:not([type])').nth(1).fill('3')
      await choice.getByTestId('question-option-correct').first().click()
      expect(await choice.getByTestId('question-options-error').count()).toBe(0)

      const rearrange = await addQuestion(page, 6)
      await rearrange.getByTestId('question-header').fill(locale === 'ar' ? 'رتّب الخطوات' : 'Put the steps in order')
      for (const [index, step] of w.steps.entries()) await rearrange.locator('[data-testid=question-item] input').nth(index).fill(step)

      const connect = await addQuestion(page, 8)
      await connect.getByTestId('question-header').fill(locale === 'ar' ? 'صِل كل عاصمة بدولتها' : 'Match each capital with its country')
      for (const [index, [left, right]] of w.pairs.entries()) {
        await connect
          .locator('[data-testid=question-pair] input')
          .nth(2 * index)
          .fill(left)
        await connect
          .locator('[data-testid=question-pair] input')
          .nth(2 * index + 1)
          .fill(right)
      }
      expect(await page.getByTestId('question-total').innerText()).toBe(w.total)

      // The students' view: re-arrange and connect answered with the keyboard only.
      await page.getByTestId('homework-preview').click()
      const preview = page.getByTestId('homework-preview-panel')
      await preview.waitFor()
      await orderByKeyboard(page, preview, w.steps, { locale, pickedUp: w.pickedUp })
      await connectByKeyboard(page, preview, w.pairs)

      // The same answers scored as a corrector sees them (contracts' scoring), and the right answers.
      await preview.getByTestId('homework-preview-correcting').click()
      const outcomes = () => preview.getByTestId('question-outcome').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-outcome')))
      await expect.poll(outcomes).toEqual(['incorrect', 'correct', 'correct'])
      await preview
        .getByTestId('question-override')
        .first()
        .fill(locale === 'ar' ? '٠٫٥' : '0.5')
      expect(await preview.getByTestId('question-score').first().innerText()).toBe(locale === 'ar' ? '٠٫٥ من ١' : '0.5 of 1')
      expect(await axeFindings(page)).toEqual([])
      await shotOf(preview, `homework-${locale}-desktop-correcting`)
      await preview.getByTestId('homework-preview-reviewing').click()
      await preview.getByTestId('review-right-order').waitFor()
      expect(await preview.locator('[data-testid=review-option][data-correct]').innerText()).toContain('2')
      await preview.getByTestId('homework-preview-answering').click()

      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `homework-${locale}-desktop-form`)
      await shotOf(preview, `homework-${locale}-desktop-preview`)
      await shotOf(page.getByTestId('question-card').nth(1), `homework-${locale}-desktop-rearrange-editor`)

      // Saved: one InsertHomeWork with its Idempotency-Key, the questions and the total as built.
      const sent = page.waitForRequest((request) => request.url().includes('/HomeWork/InsertHomeWork'))
      await page.getByTestId('homework-save').click()
      const request = await sent
      expect(request.headers()['idempotency-key']).toMatch(/.{8,}/u)
      const body = request.postDataJSON() as { title: string; questions: Array<{ type: number }>; totalDegree: number; type: string; target: { kind: string } }
      expect(body.title).toBe(w.title)
      expect(body.questions.map((question) => question.type)).toEqual([1, 6, 8])
      expect(body.totalDegree).toBe(3)
      expect(body.target).toEqual({ kind: 'class' })
      await page.getByTestId('homework-panel').waitFor()
      // The server's list holds it once the outbox has delivered it: one line, no longer waiting.
      const line = page.locator('[data-testid=homework-line]', { hasText: w.title })
      await expect.poll(() => line.evaluateAll((lines) => lines.map((entry) => entry.hasAttribute('data-waiting'))), { timeout: 15_000 }).toEqual([false])
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `homework-${locale}-desktop-saved`)
      await context.close()
    }, 120_000)

    it(`the homework form has no accessibility findings on a phone, tells a student without microphone permission, and asks before dropping unsaved work (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      await openHomeworkTab(page)
      await page.getByTestId('homework-new').click()
      await page.getByTestId('homework-form').waitFor()
      // The browser writes a date input in its own format; the date is read out below it in the page's language and numerals.
      const start = page.getByTestId('homework-start-date')
      const readOut = page.locator(`[id="${await start.getAttribute('aria-describedby')}"]`)
      const expected = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${await start.inputValue()}T00:00:00Z`),
      )
      expect(await readOut.innerText()).toBe(expected)
      if (locale === 'ar') expect(expected).toMatch(/[٠-٩]/u)
      await start.fill('2027-02-01')
      expect(await readOut.innerText()).toBe(locale === 'ar' ? 'الاثنين، ١ فبراير ٢٠٢٧' : 'Monday, February 1, 2027')
      await shotOf(start.locator('xpath=ancestor::div[3]'), `homework-${locale}-phone-dates`)
      await addQuestion(page, 7)
      await addQuestion(page, 8)
      await page.getByTestId('homework-save').click()
      await page.getByTestId('homework-form-invalid').waitFor()
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `homework-${locale}-phone-form`)
      await shotOf(page.getByTestId('question-card').first(), `homework-${locale}-phone-complete`)
      await shotOf(page.getByTestId('question-card').last(), `homework-${locale}-phone-connect`)

      // An audio question: without the microphone the student is told so, in the spec's words.
      await addQuestion(page, 10)
      await page.getByTestId('homework-preview').click()
      await page.getByTestId('audio-recorder-start').click()
      expect(await page.getByTestId('audio-recorder-denied').innerText()).toContain(w.microphone)
      expect(await axeFindings(page)).toEqual([])
      await shotOf(page.getByTestId('homework-preview-panel'), `homework-${locale}-phone-preview`)

      // Leaving with unsaved changes asks first; staying keeps the work, leaving drops it.
      await page.getByTestId('homework-cancel').click()
      await page.getByRole('alertdialog').waitFor()
      await page.keyboard.press('Escape')
      expect(await page.getByTestId('question-card').count()).toBe(3)
      await page.getByTestId('homework-cancel').click()
      await page.getByTestId('leave-confirm').click()
      await page.getByTestId('homework-panel').waitFor()
      await context.close()
    }, 90_000)
  }

  it('a teacher edits, copies (warned that the class already has homework that day) and deletes a homework, asked before the delete', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await openHomeworkTab(page)
    await page.getByTestId('homework-new').click()
    await page.getByTestId('homework-title').fill('Reading log')
    await page.getByTestId('homework-text').fill(text('en'))
    await page.getByTestId('homework-subject').click()
    await page.locator('[role=option]:visible').first().click()
    const statement = await addQuestion(page, 3)
    await statement.getByTestId('question-header').fill('The sun is a star.')
    await statement.getByTestId('question-true').click()
    await page.getByTestId('homework-save').click()
    const line = (title: string) => page.locator('[data-testid=homework-line]:not([data-waiting])', { hasText: title })
    await line('Reading log').waitFor()

    // Edit: the form opens with the saved homework; the new title reaches the list.
    await line('Reading log').getByTestId('homework-edit').click()
    await page.getByTestId('homework-form').waitFor()
    expect(await page.getByTestId('homework-title').inputValue()).toBe('Reading log')
    expect(await page.getByTestId('question-card').count()).toBe(1)
    await page.getByTestId('homework-title').fill('Reading log, week 2')
    await page.getByTestId('homework-save').click()
    await line('Reading log, week 2').waitFor()

    // Copy with the same due day: saved, and the class's other homework that day is pointed out.
    await line('Reading log, week 2').getByTestId('homework-clone').click()
    await page.getByTestId('homework-clone-confirm').click()
    await page.getByTestId('homework-warning').waitFor({ timeout: 15_000 })
    await expect.poll(() => line('Reading log, week 2').count(), { timeout: 15_000 }).toBe(2)
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'homework-en-desktop-warning')

    // Delete asks first; "keep it" keeps it, "delete" deletes it.
    await line('Reading log, week 2').first().getByTestId('homework-delete').click()
    await page.getByRole('alertdialog').waitFor()
    await page.keyboard.press('Escape')
    expect(await line('Reading log, week 2').count()).toBe(2)
    await line('Reading log, week 2').first().getByTestId('homework-delete').click()
    await page.getByTestId('homework-delete-confirm').click()
    await expect.poll(() => line('Reading log, week 2').count(), { timeout: 15_000 }).toBe(1)
    await context.close()
  }, 120_000)

  it('a homework saved without network is kept through a reload and reaches the server exactly once', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await openHomeworkTab(page)
    const classRoomId = Number(new URL(page.url()).searchParams.get('id'))
    await page.getByTestId('homework-new').click()
    await page.getByTestId('homework-title').fill('Offline worksheet')
    await page.getByTestId('homework-text').fill(text('en'))
    await page.getByTestId('homework-subject').click()
    await page.locator('[role=option]:visible').first().click()
    const statement = await addQuestion(page, 3)
    await statement.getByTestId('question-header').fill('Water boils at 100 °C at sea level.')
    await statement.getByTestId('question-true').click()

    // No network: the save is kept on the device and shown as waiting.
    const writes = '**/HomeWork/InsertHomeWork'
    const seenKeys: string[] = []
    const dropped = (route: Route) => {
      seenKeys.push(route.request().headers()['idempotency-key'] ?? '')
      return route.abort('internetdisconnected')
    }
    await context.route(writes, dropped)
    await page.getByTestId('homework-save').click()
    const waiting = page.locator('[data-testid=homework-line][data-waiting]', { hasText: 'Offline worksheet' })
    await waiting.waitFor()
    await page.reload()
    await page.getByTestId('homework-panel').waitFor()
    await waiting.waitFor()

    // The network is back, but the first answer is lost on its way: the retry's key is the same, and the server holds one.
    await context.unroute(writes, dropped)
    let answersLost = 0
    await context.route(writes, async (route) => {
      seenKeys.push(route.request().headers()['idempotency-key'] ?? '')
      if (answersLost === 0) {
        answersLost++
        await route.fetch()
        return route.abort('connectionreset')
      }
      return route.continue()
    })
    await waiting.waitFor({ state: 'detached', timeout: 30_000 })
    const held = await apiGet<ReadonlyArray<{ title: string }>>(
      app.server.url,
      `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`,
      await apiSignIn(app.server.url, demo.teacher),
    )
    expect(held.filter((homework) => homework.title === 'Offline worksheet')).toHaveLength(1)
    expect(new Set(seenKeys.filter((key) => key !== '')).size).toBe(1)
    await context.close()
  }, 120_000)

  it('a save the server refuses is rolled back, and opens again with what was written and the server message on its field', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await openHomeworkTab(page)
    await page.getByTestId('homework-new').click()
    await page.getByTestId('homework-title').fill('Spelling list')
    await page.getByTestId('homework-text').fill(text('en'))
    await page.getByTestId('homework-subject').click()
    await page.locator('[role=option]:visible').first().click()
    const statement = await addQuestion(page, 3)
    await statement.getByTestId('question-header').fill('“Necessary” has one c.')
    await statement.getByTestId('question-true').click()
    // Something between the device and the server spoils the title: the server refuses it (105 on the field).
    const writes = '**/HomeWork/InsertHomeWork'
    await context.route(writes, (route) => route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), title: 'ab' }) }))
    await page.getByTestId('homework-save').click()
    await page.getByTestId('homework-rejected').waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-testid=homework-line]', { hasText: 'Spelling list' }).count()).toBe(0)
    await context.unroute(writes)

    await page.getByTestId('homework-reopen').click()
    await page.getByTestId('homework-form').waitFor()
    expect(await page.getByTestId('homework-title').inputValue()).toBe('Spelling list')
    expect(await page.getByTestId('question-card').count()).toBe(1)
    expect(await page.getByTestId('homework-title-error').innerText()).toBe('Use 3 to 60 characters.')
    await page.getByTestId('homework-save').click()
    await page.locator('[data-testid=homework-line]:not([data-waiting])', { hasText: 'Spelling list' }).waitFor({ timeout: 15_000 })
    await context.close()
  }, 120_000)
})
