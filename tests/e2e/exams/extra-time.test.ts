import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { ClassRoomAccommodations } from '../../../plugins/exams/contract/accommodations.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { localesAndSizes, openWith } from '../support/contexts.ts'
import { apiCall, classRoomsOf, tokenOf } from '../support/homework-api.ts'
import { wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/** Where the choice `percent` sits among the choices the list offers (contract: commonExtraTimePercents). */
const offered = [0, 10, 25, 33, 50, 75, 100]

/**
 * Opens the student's extra-time choice with the keyboard and moves from her current share to
 * `percent` with the arrow keys, then Enter. Waits for the list to hold the focus first: an Enter
 * pressed as it opens would reach the trigger.
 */
const chooseByKeyboard = async (page: Page, studentId: number, from: number, percent: number) => {
  const trigger = page.getByTestId(`extra-time-${studentId}`)
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=listbox]') !== null)).toBe(true)
  const steps = offered.indexOf(percent) - offered.indexOf(from)
  for (let step = 0; step < Math.abs(steps); step++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp')
  await page.keyboard.press('Enter')
}

const stored = async (baseURL: string, token: string, classRoomId: number, studentId: number) =>
  (
    await apiCall<ClassRoomAccommodations>(baseURL, 'GET', `/exam/api/Accommodations/GetClassRoomAccommodations?ClassRoomID=${classRoomId}`, token)
  ).data.students.find((student) => student.studentId === studentId)?.extraTimePercent

/**
 * Issue 22, accommodation profiles: on her class room's exams tab a teacher gives a student extra
 * time once, with the keyboard alone, in both languages, at a desk and on a phone; a change made
 * offline waits on the device and is sent once the network is back.
 */
describe('students’ extra time on the class room’s exams tab, in Chromium', () => {
  const app = useAppServer()

  localesAndSizes.forEach(([locale, size], index) => {
    it(`her teacher gives a student extra time, once offline (${locale}, ${size})`, async () => {
      const token = await tokenOf(app.server.url, demo.teacher)
      const room = (await classRoomsOf(app.server.url, token))[0]!
      const { context, page } = await openWith(app.browser, app.server.url, locale, size)
      await signInThroughForm(page, demo.teacher)
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto(`/classroom/x?at=exams&id=${room.classRoomId}`)
      await page.getByTestId('extra-time-student').first().waitFor()
      expect(await page.locator('[role=tab][aria-selected=true][data-testid=classroom-tab-exams]').count()).toBe(1)

      // Each test its own student (the four share one server): the index-th of the room, from no extra time.
      const students = (
        await apiCall<ClassRoomAccommodations>(
          app.server.url,
          'GET',
          `/exam/api/Accommodations/GetClassRoomAccommodations?ClassRoomID=${room.classRoomId}`,
          token,
        )
      ).data.students
      const student = students[index]!
      expect(student.extraTimePercent).toBe(0)
      await chooseByKeyboard(page, student.studentId, 0, 25)
      await expect.poll(() => stored(app.server.url, token, room.classRoomId, student.studentId)).toBe(25)
      await page.locator('[data-testid=extra-time-waiting]').waitFor({ state: 'detached' })
      const shown = () => page.locator(`[data-testid=extra-time-${student.studentId}] [data-part=value-text]`).innerText()
      // Read once, as the waiting mark goes: the new share stays on screen, no flash of the old one while the list is read again.
      expect(await shown()).toMatch(locale === 'ar' ? /٢٥/u : /25%/u)

      // Offline: the choice shows at once, marked as waiting; sent when the network is back.
      await context.setOffline(true)
      await chooseByKeyboard(page, student.studentId, 25, 50)
      await page.getByTestId('extra-time-waiting').waitFor()
      expect(await stored(app.server.url, token, room.classRoomId, student.studentId)).toBe(25)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `extra-time-${locale}-${size}-waiting`)
      await context.setOffline(false)
      await page.getByTestId('extra-time-waiting').waitFor({ state: 'detached', timeout: 30_000 })
      expect(await stored(app.server.url, token, room.classRoomId, student.studentId)).toBe(50)

      // After a reload, the server's word.
      await page.reload()
      await page.getByTestId('extra-time-student').first().waitFor()
      await expect.poll(shown).toMatch(locale === 'ar' ? /٥٠/u : /50%/u)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `extra-time-${locale}-${size}`)
      await context.close()
    }, 90_000)
  })
})
