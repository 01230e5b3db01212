import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof sizes
type Locale = 'en' | 'ar'

const shots = process.env.SCREENSHOT_DIR ?? '/tmp/shots-courses'

const openWith = async (browser: Browser, baseURL: string, locale: Locale, size: Size) => {
  const context = await browser.newContext({ baseURL, viewport: sizes[size], isMobile: size === 'phone', hasTouch: size === 'phone' })
  await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
  return { context, page: await context.newPage() }
}

const screenshot = async (page: Page, name: string, settle = true) => {
  mkdirSync(shots, { recursive: true })
  if (settle) await page.waitForLoadState('networkidle')
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
}

const axe = async (page: Page, name: string) =>
  (await axeFindings(page)).map((finding) => `${name}: ${finding.id} — ${finding.help} (${finding.targets.join(', ')})`)

const text = {
  en: {
    subject: 'Mathematics',
    title: 'Fractions, week 1',
    typeRefused: 'File type not supported',
    sidesRefused: 'more than 400 pixels',
    created: 'The course was created.',
  },
  ar: { subject: 'الرياضيات', title: 'الكسور، الأسبوع الأول', typeRefused: 'نوع الملف غير مدعوم', sidesRefused: 'على ٤٠٠ بكسل', created: 'تم إنشاء الدورة.' },
} as const

describe('courses in Chromium: create with attachments, progress, cancel, refusals, in English and Arabic', () => {
  const app = useAppServer()
  const dir = mkdtempSync(join(tmpdir(), 'fasl-course-e2e-'))
  const files = {
    photo: join(dir, 'board.png'),
    pdf: join(dir, 'lesson.pdf'),
    gif: join(dir, 'renamed.png'),
    tiny: join(dir, 'tiny.png'),
    video: join(dir, 'lecture.mp4'),
  }

  beforeAll(async () => {
    writeFileSync(
      files.photo,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f6f64' } })
        .png()
        .toBuffer(),
    )
    writeFileSync(
      files.tiny,
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0f6f64' } })
        .png()
        .toBuffer(),
    )
    writeFileSync(files.pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
    writeFileSync(files.gif, 'GIF89a this is not a PNG')
    // An MP4 head, then 60 MB of nothing (a sparse file): long enough to watch go up on a throttled link.
    writeFileSync(files.video, Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]))
    truncateSync(files.video, 60 * 1024 * 1024)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const storedCourseFiles = () => {
    try {
      return readdirSync(join(app.server.dataDir, 'files', 'courses'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
    } catch {
      return 0
    }
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`creates a course with two attachments, shows progress, cancels an upload and refuses bad files (${locale}); axe finds nothing`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      const found: string[] = []
      await signInThroughForm(page, demo.teacher)
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByTestId('nav-courses').click()
      await page.waitForURL((url) => url.pathname === '/courses')
      expect(await page.getByTestId('nav-courses-coming').count()).toBe(0)
      await page.getByTestId('courses-list').waitFor()
      if (locale === 'en') {
        // The demo teacher has courses; teacher2 has none yet: her list leads to the first one.
        const other = await openWith(app.browser, app.server.url, locale, 'desktop')
        await signInThroughForm(other.page, demo.teacher2)
        await other.page.waitForURL((url) => url.pathname === '/')
        await other.page.goto('/courses')
        await other.page.getByTestId('courses-empty').waitFor()
        found.push(...(await axe(other.page, 'empty list')))
        await screenshot(other.page, `list-empty-${locale}-desktop`)
        await other.context.close()
      }
      await page.getByTestId('course-create').first().click()
      await page.getByTestId('course-form').waitFor()

      // Saving with nothing attached names the attachment rule.
      await page.getByTestId('course-submit').click()
      await page.getByTestId('course-files-error').waitFor()

      // Refused before any byte is sent: the bytes say GIF whatever the name, and a 32 px image.
      await page.getByTestId('course-files-input').setInputFiles([files.gif, files.tiny])
      const errors = page.getByTestId('course-attachment-error')
      await expect.poll(() => errors.count()).toBe(2)
      expect(await errors.nth(0).innerText()).toContain(text[locale].typeRefused)
      expect(await errors.nth(1).innerText()).toContain(text[locale].sidesRefused)
      for (let i = 0; i < 2; i++) await page.getByTestId('course-attachment-remove').first().click()

      // A large upload on a slow link: progress shows, then Cancel stops it and leaves nothing.
      const before = storedCourseFiles()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 })
      await page.getByTestId('course-files-input').setInputFiles(files.video)
      const progress = page.getByTestId('course-attachment-progress')
      await progress.waitFor()
      await expect
        .poll(
          async () =>
            Number((await progress.getAttribute('aria-valuenow')) ?? (await progress.locator('[role=progressbar]').getAttribute('aria-valuenow')) ?? 0),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0)
      // Not waiting for the network to settle: the upload is what keeps it busy.
      await screenshot(page, `form-uploading-${locale}-desktop`, false)
      found.push(...(await axe(page, `form uploading ${locale}`)))
      await page.getByTestId('course-attachment-cancel').click()
      await expect.poll(() => page.getByTestId('course-attachment').count()).toBe(0)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      await expect.poll(() => storedCourseFiles()).toBe(before)

      // Two good files go up; the course is saved with both.
      await page.getByTestId('course-subject').click()
      await page.getByRole('option', { name: text[locale].subject }).click()
      await page.getByTestId('course-audience-room').first().click()
      await page.getByTestId('course-title').fill(text[locale].title)
      await page.getByTestId('course-release-date').fill('2026-12-01')
      await page.getByTestId('course-description').fill(locale === 'ar' ? 'شرائح الدرس وصورة السبورة.' : 'Slides and a photo of the board.')
      await page.getByTestId('course-files-input').setInputFiles([files.photo, files.pdf])
      await expect.poll(() => page.locator('[data-testid=course-attachment][data-status=done]').count()).toBe(2)
      found.push(...(await axe(page, `form filled ${locale}`)))
      await screenshot(page, `form-${locale}-desktop`)
      await page.getByTestId('course-submit').click()
      await page.getByTestId('course-detail').waitFor()
      expect(await page.getByTestId('course-detail-title').innerText()).toBe(text[locale].title)
      const downloads = page.getByTestId('course-download')
      expect(await downloads.count()).toBe(2)
      const icons = await page
        .locator('[data-testid=course-detail-attachments] [data-testid=attachment-icon]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-group')))
      expect(icons).toEqual(['photo', 'doc'])
      const href = await downloads.nth(1).getAttribute('href')
      const file = await fetch(app.server.url + href!)
      expect(file.status).toBe(200)
      expect((await file.text()).startsWith('%PDF-')).toBe(true)
      found.push(...(await axe(page, `detail ${locale}`)))
      await screenshot(page, `detail-${locale}-desktop`)

      if (locale === 'en') {
        // Edit: the saved attachments are listed; one removed and the title changed, then saved.
        await page.getByTestId('course-edit').click()
        await page.getByTestId('course-form').waitFor()
        await expect.poll(() => page.locator('[data-testid=course-attachment][data-status=done]').count()).toBe(2)
        expect(await page.getByTestId('course-title').inputValue()).toBe(text[locale].title)
        await page.getByTestId('course-attachment-remove').nth(1).click()
        await page.getByTestId('course-title').fill('Fractions, week 1 (revised)')
        await page.getByTestId('course-submit').click()
        await page.getByTestId('course-detail').waitFor()
        await expect.poll(() => page.getByTestId('course-detail-title').innerText()).toBe('Fractions, week 1 (revised)')
        expect(await page.getByTestId('course-download').count()).toBe(1)
        expect((await fetch(app.server.url + href!)).status).toBe(404)
      }
      await page.getByTestId('course-detail-title').waitFor()
      await page.goto('/courses')
      await page.getByTestId('courses-list').waitFor()
      found.push(...(await axe(page, `list ${locale}`)))
      await screenshot(page, `list-${locale}-desktop`)
      await context.close()
      expect(found).toEqual([])
    }, 180_000)
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`on a phone (${locale}): the list, a course and the form fit the screen and axe finds nothing; deleting asks first`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      const found: string[] = []
      await signInThroughForm(page, demo.teacher)
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/courses')
      await page.getByTestId('courses-list').waitFor()
      const wider = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(await wider()).toBeLessThanOrEqual(0)
      found.push(...(await axe(page, `phone list ${locale}`)))
      await screenshot(page, `list-${locale}-phone`)
      await page.getByTestId('course-card').first().click()
      await page.getByTestId('course-detail').waitFor()
      expect(await wider()).toBeLessThanOrEqual(0)
      found.push(...(await axe(page, `phone detail ${locale}`)))
      await screenshot(page, `detail-${locale}-phone`)
      await page.goto('/courses/create')
      await page.getByTestId('course-form').waitFor()
      await page.getByTestId('course-files-input').setInputFiles([files.gif])
      await page.getByTestId('course-attachment-error').waitFor()
      expect(await wider()).toBeLessThanOrEqual(0)
      found.push(...(await axe(page, `phone form ${locale}`)))
      await screenshot(page, `form-${locale}-phone`)

      // Delete: a confirmation first; cancelling keeps the course.
      await page.goto('/courses')
      await page.getByTestId('course-card').first().click()
      await page.getByTestId('course-detail').waitFor()
      const title = await page.getByTestId('course-detail-title').innerText()
      await page.getByTestId('course-delete').click()
      await page.getByTestId('course-delete-confirm').waitFor()
      found.push(...(await axe(page, `phone confirm ${locale}`)))
      await screenshot(page, `confirm-delete-${locale}-phone`)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByTestId('course-delete-confirm').count()).toBe(0)
      expect(await page.getByTestId('course-detail-title').innerText()).toBe(title)
      if (locale === 'ar') {
        await page.getByTestId('course-delete').click()
        await page.getByTestId('course-delete-confirm').click()
        await page.waitForURL((url) => url.pathname === '/courses')
        await expect.poll(async () => (await page.getByTestId('course-card').allInnerTexts()).some((card) => card.includes(title))).toBe(false)
      }
      await context.close()
      expect(found).toEqual([])
    }, 120_000)
  }
})
