import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { localesAndSizes, openWith } from '../support/contexts.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { addQuestion, openHomeworkTab } from '../support/homework-form.ts'
import { apiCall, classRoomsOf, tokenOf } from '../support/homework-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

const words = {
  en: {
    title: 'Fractions worksheet',
    text: 'Print the worksheet, solve every exercise on it, then answer the question below in your own words.',
    question: 'Which fraction on the worksheet is the largest?',
    sheet: 'worksheet.pdf',
    linkTitle: 'Fractions video',
    linkInvalid: 'Enter a web address starting with http:// or https://.',
    heading: 'From your teacher',
  },
  ar: {
    title: 'ورقة عمل الكسور',
    text: 'اطبع ورقة العمل، وحُلّ كل تمارينها، ثم أجب عن السؤال أدناه بكلماتك الخاصة قبل موعد التسليم.',
    question: 'ما أكبر كسر في ورقة العمل؟',
    sheet: 'ورقة العمل.pdf',
    linkTitle: 'فيديو الكسور',
    linkInvalid: 'أدخل عنوان ويب يبدأ بـ https أو http.',
    heading: 'من معلمك',
  },
} as const

/**
 * Issue 21, Classroom's materials on an assignment: the teacher attaches a PDF worksheet and a link
 * to a homework through its form (a javascript: link refused on the spot, in her language), saves,
 * and her student finds both above the questions of her homework: the file downloads as a PDF, the
 * link opens in a new tab that gets no hold on the page.
 */
describe('homework files and links, from the teacher’s form to her student’s page, in Chromium', () => {
  const app = useAppServer()

  for (const [locale, size] of localesAndSizes) {
    it(`the teacher attaches a worksheet and a link, the student sees both and downloads the file (${locale}, ${size})`, async () => {
      const w = words[locale]
      const title = `${w.title} ${size}`
      const url = `https://example.org/fractions/${locale}-${size}`
      const found: string[] = []

      const teacher = await openWith(app.browser, app.server.url, locale, size)
      const page = teacher.page
      await openHomeworkTab(page)
      await page.getByTestId('homework-new').click()
      await page.getByTestId('homework-title').fill(title)
      await page.getByTestId('homework-text').fill(w.text)
      await page.getByTestId('homework-subject').click()
      await page.locator('[role=option]:visible').first().click()
      // Started already, whatever the hour: her student reads it at once.
      await page.locator('#homework-startTime').fill('00:00')
      const card = await addQuestion(page, 4)
      await card.getByTestId('question-header').fill(w.question)

      await page.getByTestId('homework-files-input').setInputFiles({ name: w.sheet, mimeType: 'application/pdf', buffer: pdf })
      await page.locator('[data-testid=homework-attachment][data-status=done]').waitFor()
      expect(await page.getByTestId('homework-attachment').innerText()).toContain(w.sheet)

      // Keyboard only: a javascript: link is refused on Enter, in her language; a web address with a title is added.
      const urlField = page.getByTestId('homework-link-url')
      await tabTo(page, urlField)
      await page.keyboard.type('javascript:alert(1)')
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('homework-link-url-error').innerText()).toBe(w.linkInvalid)
      expect(await page.getByTestId('homework-links').count()).toBe(0)
      await urlField.fill('')
      await page.keyboard.type(url)
      await page.keyboard.press('Tab')
      await page.keyboard.type(w.linkTitle)
      await page.keyboard.press('Enter')
      await page.getByTestId('homework-link').waitFor()
      expect(await page.getByTestId('homework-link').innerText()).toContain(w.linkTitle)
      expect(await urlField.evaluate((node) => node === document.activeElement)).toBe(true)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      found.push(...(await axeFindings(page)).map((f) => `form: ${f.id} (${f.targets.join(', ')})`))
      await page.locator('#homework-attachments-title').scrollIntoViewIfNeeded()
      await screenshot(page, `homework-attachments-${locale}-${size}`, { fullPage: false })
      await page.getByTestId('homework-save').click()

      const token = await tokenOf(app.server.url, demo.teacher)
      const room = (await classRoomsOf(app.server.url, token))[0]!
      const listed = async () =>
        (
          await apiCall<Array<{ id: number; title: string }>>(
            app.server.url,
            'GET',
            `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${room.classRoomId}`,
            token,
          )
        ).data.find((line) => line.title === title)
      await expect.poll(listed, { timeout: 15_000 }).toBeDefined()
      const homeworkId = (await listed())!.id
      await teacher.context.close()

      const student = await openWith(app.browser, app.server.url, locale, size)
      const mine = student.page
      await signInThroughForm(mine, demo.student)
      await mine.getByTestId('my-homework-card').waitFor()
      await mine.locator(`[data-testid=my-homework-item][data-homework-id="${homeworkId}"]`).click()
      await mine.getByTestId('my-homework-answer').waitFor()
      const materials = mine.getByTestId('my-homework-materials')
      await materials.waitFor()
      expect(await materials.getByRole('heading').innerText()).toBe(w.heading)
      expect(await mine.getByTestId('my-homework-file-name').allInnerTexts()).toEqual([w.sheet])
      const link = mine.getByTestId('my-homework-link')
      expect(await link.getAttribute('href')).toBe(url)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
      expect(await link.innerText()).toContain(w.linkTitle)
      // The materials come before the questions.
      const above = await materials.evaluate((node) => {
        const questions = document.querySelector('[data-testid=my-homework-answer] ol')
        return questions !== null && (node.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      })
      expect(above).toBe(true)
      expect(await wider(mine)).toBeLessThanOrEqual(0)
      found.push(...(await axeFindings(mine)).map((f) => `student: ${f.id} (${f.targets.join(', ')})`))
      await materials.scrollIntoViewIfNeeded()
      await screenshot(mine, `homework-materials-student-${locale}-${size}`, { fullPage: false })

      // The signed link serves the PDF; by keyboard, Enter on the download saves it under its name.
      const download = mine.getByTestId('my-homework-file-download')
      const served = await mine.request.get(new URL((await download.getAttribute('href'))!, app.server.url).toString())
      expect(served.status()).toBe(200)
      expect(served.headers()['content-type']).toBe('application/pdf')
      expect(Buffer.from(await served.body()).equals(pdf)).toBe(true)
      await download.focus()
      const [file] = await Promise.all([mine.waitForEvent('download'), mine.keyboard.press('Enter')])
      expect(file.suggestedFilename()).toBe(w.sheet)
      await student.context.close()
      expect(found).toEqual([])
    }, 150_000)
  }
})
