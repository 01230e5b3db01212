import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from '../server/support/databases.ts'
import { seedSecondSchool, secondSchool } from '../server/support/second-school.ts'
import { launchChromium } from '../support/chromium.ts'
import { exampleFeatureComposition, exampleFeaturePlugin } from '../support/example-feature.ts'
import { apiSignIn, demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { buildClientWith } from './support/client-build.ts'
import { openWith, type Locale, type Size } from './support/contexts.ts'
import { screenshot } from './support/screenshots.ts'

/*
 * The example feature (tests/unit/fixtures/field-trips) added to Fasl the way a new feature is, and
 * used in Chromium: the client built with its line in src/plugins.ts (made on the build's copy of
 * the module, tests/e2e/support/client-build.ts), the server with its lines in the API's groups and
 * the server's features (tests/support/example-feature.ts). Nothing else of the app changes: the
 * side bar, the router, the messages, the API and the database take it from those three lines.
 */
const text = {
  en: { title: 'Field trips', notFound: 'This trip was not found.', required: 'This field is required.' },
  ar: { title: 'الرحلات', notFound: 'لم يُعثر على هذه الرحلة.', required: 'هذا الحقل مطلوب.' },
} as const

const api = '/school/api/FieldTrips'

describe('the example feature in Chromium: its page, its call, its row, and another school refused', () => {
  const app = {} as { server: StartedServer; browser: Browser }
  const workDir = mkdtempSync(join(tmpdir(), 'fasl-example-feature-'))

  beforeAll(async () => {
    const [distDir, browser] = await Promise.all([buildClientWith(exampleFeaturePlugin, workDir), launchChromium()])
    app.browser = browser
    app.server = await testDatabases[0]!.start({}, { composition: exampleFeatureComposition, distDir })
    await seedSecondSchool(app.server.db)
  })
  afterAll(async () => {
    await app.browser?.close()
    await app.server?.close()
    rmSync(workDir, { recursive: true, force: true })
  })

  const findings = async (page: Page, where: string) => (await axeFindings(page)).map((found) => `${where}: ${found.id} (${found.targets.join(', ')})`)

  /** Signs in through the form and opens the feature from the side bar (behind the menu button on a phone). */
  const openFromSideBar = async (locale: Locale, size: Size, account: { email: string; password: string }) => {
    const { context, page } = await openWith(app.browser, app.server.url, locale, size)
    await signInThroughForm(page, account)
    await page.waitForURL((url) => url.pathname === '/')
    if (size !== 'desktop') await page.getByTestId('menu-open').click()
    await page.getByTestId('nav-fieldTrips').click()
    await page.waitForURL((url) => url.pathname === '/field-trips')
    await page.getByRole('heading', { level: 1, name: text[locale].title }).waitFor()
    return { context, page }
  }

  const rowsNamed = (destination: string) =>
    app.server.db.query<{ id: number; school: string; author: string }>(
      `SELECT t.id, s.name_en AS school, u.email AS author FROM field_trips t JOIN schools s ON s.id = t.school_id JOIN users u ON u.id = t.created_by
       WHERE t.destination = $1`,
      [destination],
    )

  const cases = [
    { locale: 'en', size: 'desktop', destination: 'Old Port' },
    { locale: 'ar', size: 'phone', destination: 'الميناء القديم' },
  ] as const

  for (const { locale, size, destination } of cases)
    it(`a teacher opens it from the side bar and adds a trip through its page: the row is her school's (${locale}, ${size}); axe finds nothing`, async () => {
      const { context, page } = await openFromSideBar(locale, size, demo.teacher)
      const found: string[] = []
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      // The demo school's trip (the feature's seed row), read through its list call.
      await page.getByTestId('field-trips-list').getByText('Science Museum').waitFor()
      found.push(...(await findings(page, 'list')))

      // A blank destination is refused on the page, before anything is sent.
      const destinationField = page.getByTestId('field-trip-destination')
      await destinationField.fill('   ')
      await page.locator('form button[type=submit]').click()
      await expect.poll(() => page.locator('form').innerText()).toContain(text[locale].required)
      found.push(...(await findings(page, 'refused')))
      await screenshot(page, `field-trips-refused-${locale}-${size}`)

      await destinationField.fill(destination)
      await page.locator('form button[type=submit]').click()
      const link = page.getByTestId('field-trips-list').getByRole('link', { name: destination })
      await link.waitFor()
      const [row] = await rowsNamed(destination)
      expect(row).toEqual({ id: expect.any(Number), school: expect.not.stringContaining('Second'), author: demo.teacher.email })

      // Its own page, at its id.
      await link.click()
      await page.waitForURL((url) => url.pathname === `/field-trips/${row!.id}`)
      await page.getByRole('heading', { level: 1, name: destination }).waitFor()
      found.push(...(await findings(page, 'trip')))
      await screenshot(page, `field-trip-${locale}-${size}`)
      // Nothing runs past the screen's edge, in either direction.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(found).toEqual([])
      await context.close()
    })

  it("another school's teacher sees none of the first school's trips, and its trip's address is not found to her", async () => {
    const [museum] = await rowsNamed('Science Museum')
    const { context, page } = await openFromSideBar('en', 'desktop', secondSchool.teacher)
    await page.getByTestId('field-trips-empty').waitFor()
    expect(await page.getByText('Science Museum').count()).toBe(0)

    await page.goto(`/field-trips/${museum!.id}`)
    await page.getByTestId('field-trip-not-found').getByText(text.en.notFound).waitFor()
    expect(await page.getByText('Science Museum').count()).toBe(0)
    expect(await findings(page, 'not found')).toEqual([])
    await screenshot(page, 'field-trip-not-found-en-desktop')

    // The API refuses her the id whatever the page does: no read, no removal, and the row stays.
    const token = await apiSignIn(app.server.url, secondSchool.teacher)
    const asHer = (path: string, init: RequestInit = {}) =>
      fetch(`${app.server.url}${api}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
    expect((await asHer(`/Get?id=${museum!.id}`)).status).toBe(404)
    expect((await asHer('/Remove', { method: 'POST', body: JSON.stringify({ id: museum!.id }) })).status).toBe(404)
    expect(await rowsNamed('Science Museum')).toHaveLength(1)
    // Her school is the second one: a trip she adds is hers, not the demo school's.
    await page.goto('/field-trips')
    await page.getByTestId('field-trip-destination').fill('Harbour')
    await page.locator('form button[type=submit]').click()
    await page.getByTestId('field-trips-list').getByRole('link', { name: 'Harbour' }).waitFor()
    await screenshot(page, 'field-trips-second-school-en-desktop')
    expect(await rowsNamed('Harbour')).toEqual([{ id: expect.any(Number), school: 'Second School', author: secondSchool.teacher.email }])
    await context.close()
  })
})
