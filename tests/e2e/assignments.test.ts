import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import { demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { useAppServer } from './support/suite.ts'

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
type Size = keyof typeof sizes
type Locale = 'en' | 'ar'

const openWith = async (browser: Browser, baseURL: string, locale: Locale, size: Size) => {
  const context = await browser.newContext({ baseURL, viewport: sizes[size], isMobile: size === 'phone', hasTouch: size === 'phone' })
  await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
  return { context, page: await context.newPage() }
}

const screenshot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

const apiCall = async <T>(baseURL: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const envelope = (await response.json()) as { responseCode: number; responseData: T }
  expect(envelope.responseCode).toBe(200)
  return envelope.responseData
}
const tokenOf = async (baseURL: string, account: { email: string; password: string }) => (await apiCall<{ accessToken: string }>(baseURL, 'POST', '/api/Auth/Login', null, { ...account, ...webClient })).accessToken

type Room = { classRoomId: number; name: string; division: string }

/** A homework (or quiz) in `room`, due in `days`, set by `account` through the API. */
const setHomework = async (baseURL: string, account: { email: string; password: string }, room: Room, title: string, days: number, type: 'homework' | 'quiz') => {
  const token = await tokenOf(baseURL, account)
  const subject = (await apiCall<Array<{ id: number }>>(baseURL, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room.classRoomId}`, token))[0]!
  const now = Date.now()
  const saved = await apiCall<{ homework: { id: number } }>(baseURL, 'POST', '/school/api/HomeWork/InsertHomeWork', token, {
    classRoomId: room.classRoomId,
    subjectId: subject.id,
    title,
    text: 'Read each question carefully, answer it in its place, and check your answers before you hand them in.',
    type,
    quizMode: type === 'quiz' ? 'training' : null,
    questions: [{ type: 3, id: 'q', header: 'A quarter is more than a half.', degree: 1, correct: false }],
    totalDegree: 1,
    startsAt: new Date(now - 3_600_000).toISOString(),
    dueAt: new Date(now + days * 86_400_000).toISOString(),
    target: { kind: 'class' },
  })
  return saved.homework.id
}

const roomsOf = async (baseURL: string, account: { email: string; password: string }) => apiCall<Room[]>(baseURL, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', await tokenOf(baseURL, account))

describe("the side bar's Assignments page in Chromium", () => {
  const app = useAppServer()

  it('without homework it says so and leads to the class rooms; the entry is no longer "coming"', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.getByTestId('nav-assignments-coming').count()).toBe(0)
    await page.getByTestId('nav-assignments').click()
    await page.getByTestId('assignments-empty').waitFor()
    expect(await page.getByTestId('nav-assignments').getAttribute('aria-current')).toBe('page')
    expect(await page.title()).toBe('Assignments · Fasl')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'assignments-en-desktop-empty')
    await page.getByTestId('assignments-empty').getByRole('link').click()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  }, 60_000)

  it("lists her own homework and quizzes of every class room, open soonest first, with class room, subject, due date and counts; not a colleague's", async () => {
    const rooms = await roomsOf(app.server.url, demo.teacher)
    expect(rooms.length).toBeGreaterThan(1)
    const later = await setHomework(app.server.url, demo.teacher, rooms[0]!, 'Fractions practice', 9, 'homework')
    const sooner = await setHomework(app.server.url, demo.teacher, rooms[1]!, 'Quick decimals quiz', 2, 'quiz')
    // A colleague's homework in a class room they both teach: in that room's tab, not on her Assignments page.
    const shared = (await roomsOf(app.server.url, demo.teacher2)).find((room) => rooms.some((mine) => mine.classRoomId === room.classRoomId))!
    await setHomework(app.server.url, demo.teacher2, shared, 'Not hers', 1, 'homework')

    for (const locale of ['en', 'ar'] as const) {
      for (const size of ['desktop', 'phone'] as const) {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await signInThroughForm(page, demo.teacher)
        await page.waitForURL((url) => url.pathname === '/')
        await page.goto('/assignments')
        await page.getByTestId('assignments-list').waitFor()
        const lines = page.getByTestId('assignment')
        expect(await lines.count()).toBe(2)
        expect(await lines.locator('h2').allInnerTexts()).toEqual(['Quick decimals quiz', 'Fractions practice'])
        expect(await lines.first().innerText()).toContain(locale === 'ar' ? 'اختبار قصير' : 'Quiz')
        expect(await lines.first().getByTestId('assignment-progress').innerText()).toMatch(locale === 'ar' ? /^سلّم ٠ من [٠-٩]+ · صُحّح ٠$/u : /^0 of \d+ handed in · 0 corrected$/)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `assignments-${locale}-${size}`)
        await context.close()
      }
    }

    // By keyboard: the first line's "Homework tab" opens its class room on the Homework tab; its "Students' answers" the correction.
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/assignments')
    const tab = page.getByTestId('assignment-tab').first()
    await tab.focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('homework-panel').waitFor()
    expect(new URL(page.url()).searchParams.get('at')).toBe('homework')
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(rooms[1]!.classRoomId))
    expect(await page.getByTestId('classroom-tab-homework').getAttribute('aria-selected')).toBe('true')
    await page.goBack()
    await page.getByTestId('assignment-correct').nth(1).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname.endsWith('/homeworkStudentsList'))
    expect(new URL(page.url()).searchParams.get('homework')).toBe(String(later))
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(rooms[0]!.classRoomId))
    expect(sooner).not.toBe(later)
    await context.close()
  }, 180_000)
})
