import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, newPage, signInThroughForm } from './support/app.ts'
import { useAppServer } from './support/suite.ts'

/**
 * The app under its own Content-Security-Policy (server/http/security-headers.ts): the real server
 * sends it, so every browser test runs under it; this one fails on any violation the browser
 * reports, in the page or its workers, while the app is used in both languages.
 */
const watchPolicy = async (page: Page) => {
  const reports: string[] = []
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  page.on('console', (message) => {
    if (/content security policy|content-security-policy/i.test(message.text())) reports.push(message.text())
  })
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  const violations = async () => [...reports, ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))]
  return { violations, workers }
}

describe('the app under its Content-Security-Policy', () => {
  const app = useAppServer()

  it('sign-in, home and profile in English and Arabic raise no policy violation, and the app works', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    const policy = await watchPolicy(page)
    const response = await page.goto('/Signin')
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")

    // The early script ran (direction before paint) and the ICU warm-up worker started from a file.
    await page.getByTestId('language-switch').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.reload()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await expect.poll(() => policy.workers.some((url) => url.endsWith('/icu-warmup.js'))).toBe(true)

    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByTestId('home-classroom-card').count()).toBe(3)
    await page.getByTestId('language-switch').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr')
    await expect.poll(() => page.getByTestId('home-classroom-card').count()).toBe(3)

    // A cold load with a stored session starts no ICU warm-up worker (it would compete with the page's own reads).
    const warmUps = () => policy.workers.filter((url) => url.endsWith('/icu-warmup.js')).length
    const warmUpsSignedOut = warmUps()
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
    expect(warmUps()).toBe(warmUpsSignedOut)
    // Choosing an image runs the Comlink validation worker and previews it from a blob: URL.
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f6f64' } })
      .png()
      .toBuffer()
    await page.getByTestId('profile-image-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image })
    await expect.poll(() => page.getByTestId('profile-image-preview').getAttribute('src')).toMatch(/^(blob:|\/files\/)/)
    // Once uploaded, the stored image shows from the server (after a reload, no preview is left).
    const token = await apiSignIn(app.server.url, demo.teacher)
    await expect.poll(async () => (await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', token)).image, { timeout: 15_000 }).toMatch(/^\/files\//)
    await page.reload()
    await page.getByTestId('profile-form').waitFor()
    await expect.poll(() => page.getByTestId('profile-image-preview').getAttribute('src')).toMatch(/^\/files\//)
    await expect.poll(() => page.getByTestId('profile-image-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await page.getByTestId('language-switch').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.getByTestId('profile-form').waitFor()

    expect(await policy.violations()).toEqual([])
    await context.close()
  })
})
