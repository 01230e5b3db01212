import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../../support/chromium.ts'
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratch-database.ts'
import { startServerProcess, type RunningServer } from '../../support/server-process.ts'
import { newPage, signInThroughForm } from '../support/app.ts'

/**
 * A school's first start on its own PostgreSQL: the server prints the first admin's one-time
 * password once; signing in with it opens a restricted session until the admin chooses a password.
 */
const databaseUrl = process.env.DATABASE_URL

describe.skipIf(databaseUrl === undefined)('the first admin of a new PostgreSQL database, in Chromium', () => {
  let database: ScratchDatabase
  let server: RunningServer
  let browser: Browser
  beforeAll(async () => {
    database = await createScratchDatabase(databaseUrl ?? '', 'fasl_first_admin')
    ;[server, browser] = await Promise.all([startServerProcess({ DATABASE_URL: database.url, FASL_WORKERS: '1' }), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await database?.drop()
  })

  const printedPassword = async () => {
    await expect.poll(() => /admin@fasl\.school\s+(\S+)\s+first admin/.exec(server.output())?.[1], { timeout: 10_000 }).toBeDefined()
    return /admin@fasl\.school\s+(\S+)\s+first admin/.exec(server.output())![1]!
  }

  it('signs in with the printed password, is sent to choose a new one, in both languages, and is free after', async () => {
    const oneTime = await printedPassword()
    const { context, page } = await newPage(browser, server.url)
    await signInThroughForm(page, { email: 'admin@fasl.school', password: oneTime })
    const banner = page.getByTestId('password-change-banner')
    await expect.poll(() => banner.innerText()).toContain('one-time password')

    await page.getByTestId('language-switch').click()
    await expect.poll(() => banner.innerText()).toContain('كلمة مرور مؤقتة')
    await page.getByTestId('language-switch').click()
    await expect.poll(() => banner.innerText()).toContain('one-time password')

    await banner.getByRole('link').click()
    await page.waitForURL((url) => url.pathname === '/settingProfile')
    await page.getByTestId('password-old').fill(oneTime)
    await page.getByTestId('password-new').fill('OurSchool#2027')
    await page.getByTestId('password-confirm').fill('OurSchool#2027')
    await page.getByTestId('password-submit').click()
    // The session is renewed without the restriction, and stays so after a reload.
    await expect.poll(() => banner.count()).toBe(0)
    await page.reload()
    await page.getByTestId('password-form').waitFor()
    expect(await banner.count()).toBe(0)

    await page.getByTestId('sign-out').click()
    await page.waitForURL((url) => url.pathname === '/Signin')
    await signInThroughForm(page, { email: 'admin@fasl.school', password: oneTime })
    await expect.poll(() => page.getByTestId('signin-error').innerText()).toContain('Wrong Email or password')
    await signInThroughForm(page, { email: 'admin@fasl.school', password: 'OurSchool#2027' })
    await page.waitForURL((url) => url.pathname === '/')
    // The banner renders with the signed-in frame or not at all: once the frame shows the
    // account's name, its absence is the answer.
    await page.getByTestId('user-name').waitFor()
    expect(await banner.count()).toBe(0)
    await context.close()
  })
})
