import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { insertHomework } from '../support/homework-api.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Between two facts on a line ("3 questions · 16 marks") English shows a middle dot and Arabic the
 * Arabic comma: a dot beside Arabic-Indic digits reads as a zero ("١٦ · درجة" looks like "١٦٠").
 * Checked on the teacher's Homework tab, the student's list and her answer page, at phone size.
 */
describe('separators beside numbers, in Chromium', () => {
  const app = useAppServer()
  const separator = { en: '·', ar: '،' } as const

  for (const locale of ['en', 'ar'] as const)
    it(`the homework lines and the answer page separate facts with ${separator[locale]} (${locale})`, async () => {
      await insertHomework(app.server.url, demo.teacher, {
        title: `Fractions ${locale}`,
        text: 'Read each statement about fractions carefully, then answer whether it is true or false.',
        questions: [{ type: 3, id: 'q', header: 'A quarter is more than a half.', degree: 16, correct: false }],
      })
      const teacher = await openWith(app.browser, app.server.url, locale, 'phone')
      try {
        await signInThroughForm(teacher.page, demo.teacher)
        await teacher.page.waitForURL((url) => url.pathname === '/')
        await teacher.page.getByTestId('home-classroom-card').first().tap()
        await teacher.page.getByTestId('classroom-tab-homework').tap()
        const line = teacher.page.getByTestId('homework-line').filter({ hasText: `Fractions ${locale}` })
        const facts = await line
          .locator('p')
          .filter({ has: teacher.page.getByTestId('homework-line-progress') })
          .innerText()
        expect(facts).toContain(separator[locale])
        expect(facts.includes('·')).toBe(locale === 'en')
        expect(await axeFindings(teacher.page)).toEqual([])
      } finally {
        await teacher.context.close()
      }
      const student = await openWith(app.browser, app.server.url, locale, 'phone')
      try {
        await signInThroughForm(student.page, demo.student)
        const item = student.page.getByTestId('my-homework-item').filter({ hasText: `Fractions ${locale}` })
        await item.waitFor()
        expect((await item.innerText()).includes('·')).toBe(locale === 'en')
        await item.tap()
        await student.page.getByText('A quarter is more than a half.').waitFor()
        const main = await student.page.locator('main').innerText()
        expect(main).toContain(separator[locale])
        expect(main.includes('·')).toBe(locale === 'en')
      } finally {
        await student.context.close()
      }
    })
})
