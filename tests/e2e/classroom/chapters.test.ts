import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SemesterOption } from '../../../plugins/classroom/contract/chapters-api.ts'
import coreMessages from '../../../contracts/validation-messages.json' with { type: 'json' }
import { classroomRuleMessages } from '../../../plugins/classroom/contract/rule-messages.ts'
import arMessages from '../../../plugins/classroom/locales/ar.json' with { type: 'json' }
import enMessages from '../../../plugins/classroom/locales/en.json' with { type: 'json' }
import shellAr from '../../../src/i18n/locales/ar.json' with { type: 'json' }
import shellEn from '../../../src/i18n/locales/en.json' with { type: 'json' }
import { apiGet, apiSignIn, demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith, type Locale } from '../support/contexts.ts'

type Key = keyof typeof enMessages

const catalogues = { en: enMessages, ar: arMessages } as const
/** The app's own message, with its {name}-style arguments filled in (these messages have no plural parts). */
const message = (locale: Locale, key: Key, values: Record<string, string> = {}) =>
  Object.entries(values).reduce<string>((text, [name, value]) => text.replace(`{${name}}`, value), catalogues[locale][key])

/** Signs in as the demo teacher and opens her first class room from home; answers the chapters section of the subject shown. */
const openChapters = async (page: Page): Promise<Locator> => {
  await signInThroughForm(page, demo.teacher)
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('home-classroom-card').first().click()
  await page.getByTestId('classroom-page').waitFor()
  const section = page.locator('[data-testid=chapters-section]:visible').first()
  await section.waitFor()
  return section
}

const screenshot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-chapters'
  mkdirSync(dir, { recursive: true })
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null)
const chapterRow = (section: Locator, name: string) =>
  section.getByTestId('chapter-row').filter({ has: section.page().getByTestId('chapter-name').getByText(name, { exact: true }) })
const chapterNames = (section: Locator) => section.getByTestId('chapter-name').allInnerTexts()
const wider = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The configured semesters as the server answers them (one list per school), and the one containing today: what the drop-down should preselect. */
const semestersFromApi = async (baseURL: string, locale: Locale) => {
  const token = await apiSignIn(baseURL, demo.teacher)
  const [room] = await apiGet<ReadonlyArray<{ classRoomId: number }>>(baseURL, '/school/api/ClassRooms/GetTeacherClassRooms', token)
  const response = await fetch(`${baseURL}/school/api/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${room!.classRoomId}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale === 'ar' ? 'ar-EG' : 'en-US' },
  })
  const semesters = ((await response.json()) as { responseData: ReadonlyArray<SemesterOption> }).responseData
  const today = new Date().toISOString().slice(0, 10)
  return { semesters, current: semesters.find((semester) => semester.startsOn <= today && today <= semester.endsOn) ?? semesters[0]! }
}

/** Renames through the row's menu and answers the rename dialog's name field. */
const openRename = async (page: Page, row: Locator, locale: Locale, dialogTestId: string) => {
  await row.locator('[data-testid$=-menu]').first().click()
  await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.rename') }).click()
  await page.getByTestId(dialogTestId).waitFor()
  return page.getByTestId(`${dialogTestId}-name`)
}

/**
 * Deletes every chapter the demo teacher has in her first room's subjects, in every semester, through
 * the API: each test starts from an empty list even when the one before failed half-way.
 */
const deleteAllChapters = async (baseURL: string) => {
  const token = await apiSignIn(baseURL, demo.teacher)
  const [room] = await apiGet<ReadonlyArray<{ classRoomId: number }>>(baseURL, '/school/api/ClassRooms/GetTeacherClassRooms', token)
  const subjects = await apiGet<ReadonlyArray<{ id: number }>>(baseURL, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.classRoomId}`, token)
  const semesters = await apiGet<ReadonlyArray<SemesterOption>>(
    baseURL,
    `/school/api/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${room!.classRoomId}`,
    token,
  )
  for (const subject of subjects)
    for (const semester of semesters) {
      const chapters = await apiGet<ReadonlyArray<{ id: number }>>(
        baseURL,
        `/school/api/Chapters/List?SubjectID=${subject.id}&SemesterID=${semester.id}`,
        token,
      )
      for (const chapter of chapters) {
        const response = await fetch(`${baseURL}/school/api/Chapters/Delete`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ id: chapter.id }),
        })
        expect(response.status).toBe(200)
      }
    }
}

describe('chapters and topics in the class room, in Chromium', () => {
  const app = useAppServer()
  beforeEach(() => deleteAllChapters(app.server.url))

  for (const locale of ['en', 'ar'] as const) {
    it(`a teacher picks a semester, creates, renames and deletes a chapter and its topic; names are checked inline (${locale})`, async () => {
      const { semesters, current } = await semestersFromApi(app.server.url, locale)
      expect(semesters.length).toBeGreaterThanOrEqual(2)
      const other = semesters.find((semester) => semester.id !== current.id)!
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      const section = await openChapters(page)
      const semester = section.getByTestId('chapters-semester')

      // The current semester is preselected; the other one is picked from the drop-down, then the current one again.
      await expect.poll(() => semester.innerText()).toContain(current.name)
      await semester.click()
      await page.getByRole('option', { name: other.name }).click()
      await expect.poll(() => semester.innerText()).toContain(other.name)
      await section.getByTestId('chapters-empty').waitFor()
      await semester.click()
      await page.getByRole('option', { name: current.name }).click()
      await expect.poll(() => semester.innerText()).toContain(current.name)
      await section.getByTestId('chapters-empty').waitFor()
      expect(await section.getByTestId('chapters-empty').innerText()).toBe(message(locale, 'classroom.chapters.empty'))
      expect(await axeFindings(page)).toEqual([])

      // Create by keyboard only: Enter opens the dialog with the focus in the name; whitespace alone is refused inline.
      const first = locale === 'ar' ? 'الكسور' : 'Fractions'
      await section.getByTestId('chapters-add').focus()
      await page.keyboard.press('Enter')
      await page.getByTestId('chapter-create').waitFor()
      await expect.poll(() => focusedId(page)).toBe('chapter-create-name')
      await page.keyboard.type('   ')
      await page.keyboard.press('Enter')
      await page.getByTestId('chapter-create-name-error').waitFor()
      expect(await page.getByTestId('chapter-create-name-error').innerText()).toBe(coreMessages.required[locale])
      expect(await page.getByTestId('chapter-create-name').getAttribute('aria-invalid')).toBe('true')
      expect(await focusedId(page)).toBe('chapter-create-name')
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-desktop-required`)
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(first)
      await page.keyboard.press('Enter')
      await page.getByTestId('chapter-create').waitFor({ state: 'detached' })
      await expect.poll(() => chapterNames(section)).toEqual([first])

      // A second chapter by pointer; renaming it to the first one's name is refused on the field (letter case aside).
      const second = locale === 'ar' ? 'الهندسة' : 'Geometry'
      await section.getByTestId('chapters-add').click()
      await page.getByTestId('chapter-create-name').fill(second)
      await page.getByTestId('chapter-create-submit').click()
      await expect.poll(() => chapterNames(section)).toEqual([first, second])
      const renameField = await openRename(page, chapterRow(section, second), locale, 'chapter-rename')
      expect(await renameField.inputValue()).toBe(second)
      await renameField.fill(locale === 'ar' ? first : first.toUpperCase())
      await page.getByTestId('chapter-rename-submit').click()
      await page.getByTestId('chapter-rename-name-error').waitFor()
      expect(await page.getByTestId('chapter-rename-name-error').innerText()).toBe(classroomRuleMessages.chapterNameTaken[locale])
      expect(await renameField.getAttribute('aria-invalid')).toBe('true')
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-desktop-duplicate`)
      // Whitespace alone is refused on rename too; a new name is saved.
      await renameField.fill('  ')
      await page.getByTestId('chapter-rename-submit').click()
      await expect.poll(() => page.getByTestId('chapter-rename-name-error').innerText()).toBe(coreMessages.required[locale])
      const renamed = locale === 'ar' ? 'الهندسة المستوية' : 'Plane geometry'
      await renameField.fill(renamed)
      await page.getByTestId('chapter-rename-submit').click()
      await page.getByTestId('chapter-rename').waitFor({ state: 'detached' })
      await expect.poll(() => chapterNames(section)).toEqual([first, renamed])

      // Open the chapter: no topics yet; add one, rename it.
      const row = chapterRow(section, renamed)
      const toggle = row.locator('[aria-expanded]').first()
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      // Closed, the chevron points along the reading direction: mirrored in Arabic.
      expect(await toggle.locator('svg').evaluate((icon) => getComputedStyle(icon).transform)).toBe(locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none')
      await toggle.click()
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      await row.getByText(message(locale, 'classroom.chapters.noTopics')).waitFor()
      await row.getByRole('button', { name: message(locale, 'classroom.chapters.addTopic') }).click()
      await page.getByTestId('topic-create').waitFor()
      expect(await page.getByTestId('topic-create').getByRole('heading').innerText()).toBe(message(locale, 'classroom.chapters.newTopic', { chapter: renamed }))
      await page.getByTestId('topic-create-submit').click()
      await expect.poll(() => page.getByTestId('topic-create-name-error').innerText()).toBe(coreMessages.required[locale])
      const topic = locale === 'ar' ? 'المثلثات' : 'Triangles'
      await page.getByTestId('topic-create-name').fill(topic)
      await page.getByTestId('topic-create-submit').click()
      await expect.poll(() => row.getByTestId('topic-name').allInnerTexts()).toEqual([topic])
      const topicRenamed = locale === 'ar' ? 'المثلثات المتشابهة' : 'Similar triangles'
      // The topic is renamed with the keyboard only: its menu opens with Enter on the first item (Rename).
      await row.getByTestId('topic-row').locator('[data-testid$=-menu]').focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=menu]') !== null)).toBe(true)
      await page.keyboard.press('Enter')
      await page.getByTestId('topic-rename').waitFor()
      const topicField = page.getByTestId('topic-rename-name')
      await expect.poll(() => focusedId(page)).toBe('topic-rename-name')
      expect(await topicField.inputValue()).toBe(topic)
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(topicRenamed)
      await page.keyboard.press('Enter')
      await expect.poll(() => row.getByTestId('topic-name').allInnerTexts()).toEqual([topicRenamed])
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-desktop-topics`)

      // Deleting the topic asks first; Cancel keeps it, Delete removes it.
      await row.getByTestId('topic-row').locator('[data-testid$=-menu]').click()
      await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.delete') }).click()
      const topicDialog = page.getByTestId('topic-delete-dialog')
      await topicDialog.waitFor()
      expect(await topicDialog.getAttribute('role')).toBe('alertdialog')
      expect(await topicDialog.getByRole('heading').innerText()).toBe(message(locale, 'classroom.chapters.deleteTopicTitle', { name: topicRenamed }))
      await topicDialog.getByRole('button', { name: { en: shellEn, ar: shellAr }[locale]['shell.common.cancel'], exact: true }).click()
      await topicDialog.waitFor({ state: 'detached' })
      expect(await row.getByTestId('topic-name').allInnerTexts()).toEqual([topicRenamed])
      await row.getByTestId('topic-row').locator('[data-testid$=-menu]').click()
      await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.delete') }).click()
      await page.getByTestId('topic-delete-confirm').click()
      await row.getByText(message(locale, 'classroom.chapters.noTopics')).waitFor()
      expect(await row.getByTestId('topic-row').count()).toBe(0)

      // Deleting the chapter says its topics go with it; confirmed, the chapter and its topics are gone (the server agrees).
      await row.getByRole('button', { name: message(locale, 'classroom.chapters.addTopic') }).click()
      await page.getByTestId('topic-create-name').fill(topic)
      await page.getByTestId('topic-create-submit').click()
      await expect.poll(() => row.getByTestId('topic-name').allInnerTexts()).toEqual([topic])
      await row.locator('[data-testid$=-menu]').first().click()
      await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.delete') }).click()
      const chapterDialog = page.getByTestId('chapter-delete-dialog')
      await chapterDialog.waitFor()
      expect(await chapterDialog.getByRole('heading').innerText()).toBe(message(locale, 'classroom.chapters.deleteChapterTitle', { name: renamed }))
      expect(await chapterDialog.innerText()).toContain(message(locale, 'classroom.chapters.deleteChapterText'))
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-desktop-delete-chapter`)
      await page.getByTestId('chapter-delete-confirm').click()
      await expect.poll(() => chapterNames(section)).toEqual([first])
      await chapterRow(section, first).locator('[data-testid$=-menu]').first().click()
      await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.delete') }).click()
      await page.getByTestId('chapter-delete-confirm').click()
      await section.getByTestId('chapters-empty').waitFor()
      // After a delete the focus is on "Add chapter", not lost on the page.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chapters-add')
      await context.close()
    }, 180_000)

    it(`on a phone the chapters fit the screen and pass axe (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      const section = await openChapters(page)
      await section.getByTestId('chapters-empty').waitFor()
      // Polled: once in about ten runs axe measured a target under 24 px while the page was still settling
      // (Arabic, phone); a finding that stays fails the poll as before.
      await expect.poll(() => axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-phone-empty`)
      const name = locale === 'ar' ? 'وحدة بعنوان طويل جدًا عن الأعداد النسبية وخصائصها' : 'A chapter with a rather long name about rational numbers'
      await section.getByTestId('chapters-add').tap()
      await page.getByTestId('chapter-create-name').fill(name)
      await expect.poll(() => wider(page)).toBe(0)
      await expect.poll(() => axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-phone-dialog`)
      await page.getByTestId('chapter-create-submit').tap()
      await expect.poll(() => chapterNames(section)).toEqual([name])
      const row = chapterRow(section, name)
      await row.locator('[aria-expanded]').first().tap()
      await row.getByRole('button', { name: message(locale, 'classroom.chapters.addTopic') }).tap()
      await page.getByTestId('topic-create-name').fill(locale === 'ar' ? 'الكسور العشرية' : 'Decimals')
      await page.getByTestId('topic-create-submit').tap()
      await expect.poll(() => row.getByTestId('topic-name').count()).toBe(1)
      expect(await wider(page)).toBe(0)
      const menuHeights = await section.locator('[data-testid$=-menu]').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height))
      expect(menuHeights.every((height) => height >= 24)).toBe(true)
      await expect.poll(() => axeFindings(page)).toEqual([])
      await screenshot(page, `chapters-${locale}-phone-topics`)
      // Leaves the semester as it found it, for the next test.
      await row.locator('[data-testid$=-menu]').first().tap()
      await page.getByRole('menuitem', { name: message(locale, 'classroom.chapters.delete') }).tap()
      await page.getByTestId('chapter-delete-confirm').tap()
      await section.getByTestId('chapters-empty').waitFor()
      await context.close()
    }, 120_000)
  }
})
