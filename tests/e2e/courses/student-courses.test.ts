import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schoolToday } from '../../../plugins/courses/contract/courses.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: {
    subject: 'Mathematics',
    room: 'Grade 4 – A',
    title: 'Decimals: tenths',
    description: 'The worksheet, a picture of the number line and the answers.',
    audience: 'For Grade 4 – A',
    byTeacher: 'By Amira Hassan',
    meta: /^Document · \d+ kB$/,
    demoTitle: 'Fractions: halves and quarters',
    empty: 'No courses yet',
  },
  ar: {
    subject: 'الرياضيات',
    room: 'الصف الرابع – أ',
    title: 'الكسور العشرية: الأعشار',
    description: 'ورقة العمل وصورة خط الأعداد والإجابات.',
    audience: 'لطلاب الصف الرابع – أ',
    byTeacher: 'المعلم: Amira Hassan',
    // The size in Arabic-Indic digits, after an Arabic comma: no Latin digit anywhere.
    meta: /^مستند، [٠-٩]+ كيلوبايت$/,
    demoTitle: 'Fractions: halves and quarters',
    empty: 'لا توجد دورات بعد',
  },
} as const

/** Presses Tab until `target` has the focus (the keyboard's way there), failing after `max` presses. */
const isolates = /[\u2068\u2069]/g

describe('courses reach the students of their audience, in Chromium (English and Arabic, desktop and phone)', () => {
  const app = useAppServer()
  const dir = mkdtempSync(join(tmpdir(), 'fasl-student-course-e2e-'))
  const files = { worksheet: join(dir, 'worksheet.pdf'), line: join(dir, 'number line.png'), answers: join(dir, 'answers.pdf') }
  beforeAll(async () => {
    const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
    writeFileSync(files.worksheet, pdf)
    writeFileSync(files.answers, pdf + '% answers\n')
    writeFileSync(
      files.line,
      await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f7fbf' } })
        .png()
        .toBuffer(),
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  for (const locale of ['en', 'ar'] as const) {
    it(`the teacher gives a course with three files to Grade 4 A; her student finds it under Courses, opens it by keyboard and downloads a file (${locale}); axe finds nothing`, async () => {
      const text = words[locale]
      const found: string[] = []
      const title = `${text.title} (${Date.now() % 100_000})`
      const teacher = await openWith(app.browser, app.server.url, locale, 'desktop')
      await signInThroughForm(teacher.page, demo.teacher)
      await teacher.page.waitForURL((url) => url.pathname === '/')
      await teacher.page.goto('/courses/create')
      await teacher.page.getByTestId('course-form').waitFor()
      // Before a subject, the audience says where its class rooms come from; an empty save names it.
      await teacher.page.getByTestId('course-submit').click()
      await teacher.page.getByTestId('course-audience-error').waitFor()
      await teacher.page.getByTestId('course-subject').click()
      await teacher.page.getByRole('option', { name: text.subject }).click()
      await teacher.page.getByTestId('course-audience-room').filter({ hasText: text.room }).click()
      await teacher.page.getByTestId('course-title').fill(title)
      await teacher.page.getByTestId('course-release-date').fill(schoolToday(Date.now()))
      await teacher.page.getByTestId('course-description').fill(text.description)
      await teacher.page.getByTestId('course-files-input').setInputFiles([files.worksheet, files.line, files.answers])
      await expect.poll(() => teacher.page.locator('[data-testid=course-attachment][data-status=done]').count()).toBe(3)
      found.push(...(await axeFindings(teacher.page)).map((f) => `teacher form: ${f.id} (${f.targets.join(', ')})`))
      await screenshot(teacher.page, `course-audience-form-${locale}`)
      await teacher.page.getByTestId('course-submit').click()
      await teacher.page.getByTestId('course-detail').waitFor()
      expect((await teacher.page.getByTestId('course-detail-audience').innerText()).replace(isolates, '')).toBe(text.audience)
      await teacher.context.close()

      const student = await openWith(app.browser, app.server.url, locale, 'desktop')
      const page = student.page
      await signInThroughForm(page, demo.student)
      await page.waitForURL((url) => url.pathname === '/')
      // Her side bar: My homework, then Courses.
      const courses = page.getByTestId('nav-courses.student')
      await courses.waitFor()
      await tabTo(page, courses)
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/courses')
      expect(await courses.getAttribute('aria-current')).toBe('page')
      await page.getByTestId('my-courses-list').waitFor()
      const card = page.getByTestId('course-card').filter({ hasText: title })
      await card.waitFor()
      expect((await card.innerText()).replace(isolates, '')).toContain(text.byTeacher)
      found.push(...(await axeFindings(page)).map((f) => `student list: ${f.id} (${f.targets.join(', ')})`))
      await screenshot(page, `student-courses-${locale}-desktop`)
      await tabTo(page, card)
      await page.keyboard.press('Enter')
      await page.getByTestId('my-course').waitFor()
      expect(await page.getByTestId('course-detail-title').innerText()).toBe(title)
      expect(await page.getByTestId('course-file-name').allInnerTexts()).toEqual(['worksheet.pdf', 'number line.png', 'answers.pdf'])
      const icons = await page
        .locator('[data-testid=course-file] [data-testid=attachment-icon]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-group')))
      expect(icons).toEqual(['doc', 'photo', 'doc'])
      expect(await page.getByTestId('course-file-meta').first().innerText()).toMatch(text.meta)
      found.push(...(await axeFindings(page)).map((f) => `student course: ${f.id} (${f.targets.join(', ')})`))
      await screenshot(page, `student-course-${locale}-desktop`)
      // Keyboard alone: Tab to the first file's download and press Enter; the file arrives under its name.
      const download = page.getByTestId('course-download').first()
      await tabTo(page, download)
      const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
      expect(file.suggestedFilename()).toBe('worksheet.pdf')
      await student.context.close()
      expect(found).toEqual([])
    }, 120_000)
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`on a phone (${locale}): the student opens Courses from the menu, reads the demo course and its files fit; another room's student sees the empty state; axe finds nothing`, async () => {
      const text = words[locale]
      const found: string[] = []
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      await signInThroughForm(page, demo.student)
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByTestId('menu-open').click()
      await page.getByTestId('nav-courses.student').click()
      await page.waitForURL((url) => url.pathname === '/courses')
      await page.getByTestId('my-courses-list').waitFor()
      expect(await wider(page)).toBeLessThanOrEqual(0)
      found.push(...(await axeFindings(page)).map((f) => `phone list: ${f.id} (${f.targets.join(', ')})`))
      await screenshot(page, `student-courses-${locale}-phone`)
      // The scheduled demo course is not there yet.
      expect((await page.getByTestId('course-card-title').allInnerTexts()).some((title) => title.startsWith('Plants and light'))).toBe(false)
      await page.getByTestId('course-card').filter({ hasText: text.demoTitle }).click()
      await page.getByTestId('my-course').waitFor()
      expect(await page.getByTestId('course-file').count()).toBe(3)
      expect(await wider(page)).toBeLessThanOrEqual(0)
      // Each download is a full tap target on a phone.
      for (const box of await page.getByTestId('course-download').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height)))
        expect(box).toBeGreaterThanOrEqual(44)
      found.push(...(await axeFindings(page)).map((f) => `phone course: ${f.id} (${f.targets.join(', ')})`))
      await screenshot(page, `student-course-${locale}-phone`)
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('course-download').first().click()])
      expect(file.suggestedFilename()).toBe('Fractions worksheet.pdf')
      await context.close()

      // Grade 4 B is given no course: her list says so.
      const other = await openWith(app.browser, app.server.url, locale, 'phone')
      await signInThroughForm(other.page, demo.student2)
      await other.page.waitForURL((url) => url.pathname === '/')
      await other.page.goto('/courses')
      await other.page.getByTestId('my-courses-empty').waitFor()
      expect(await other.page.getByTestId('my-courses-empty').innerText()).toContain(text.empty)
      found.push(...(await axeFindings(other.page)).map((f) => `phone empty: ${f.id} (${f.targets.join(', ')})`))
      await other.context.close()
      expect(found).toEqual([])
    }, 120_000)
  }
})
