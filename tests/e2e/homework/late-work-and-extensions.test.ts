import { beforeAll, describe, expect, it } from 'vitest'
import type { CorrectionList } from '../../../plugins/homework/contract/submissions.ts'
import type { UserInfo } from '../../../contracts/entities.ts'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openCorrection } from '../support/correction.ts'
import { localesAndSizes, openWith, type Locale, type Size } from '../support/contexts.ts'
import { addQuestion, openHomeworkTab } from '../support/homework-form.ts'
import { apiCall, insertHomework, tokenOf, type ClassRoomRef } from '../support/homework-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { handInFromPage, openMyHomework } from '../support/student-homework.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: {
    answer: 'Eight shared by two is four.',
    afterNow: 'Choose a date and time in the future.',
    extended: 'Due date extended to',
    handedInLate: 'Handed in late',
    handedIn: 'Handed in',
    lateChip: 'late',
  },
  ar: {
    answer: 'ثمانية مقسومة على اثنين تساوي أربعة.',
    afterNow: 'اختر تاريخًا ووقتًا في المستقبل.',
    extended: 'مُدِّد موعد التسليم إلى',
    handedInLate: 'سُلِّم متأخرًا',
    handedIn: 'تم التسليم',
    lateChip: 'متأخر',
  },
} as const

/**
 * Each homework falls due a second after it is saved, and the tests start once the last one has:
 * the server reads a passed due date when the work is next read or written (no background job),
 * so waiting longer would test nothing more.
 */
const dueInMs = 1_000

const question = (locale: Locale) => ({ type: 4 as const, id: 'explain', header: locale === 'ar' ? 'كم نصف العدد ٨؟' : 'What is half of 8?', degree: 2 })
const text = 'Read the question carefully, answer it in its place, and check your answer before you hand it in.'

/**
 * Issue 21, what Classroom and Teams do: a teacher gives one student a later due date from the
 * correction screen, and a homework that accepts late work takes a hand-in after its due date,
 * marked late for her and for the teacher. The homework is set due a second after it is saved and
 * the tests wait for that to pass, on the real server's clock.
 */
describe('late work and one student’s extension in Chromium', () => {
  const app = useAppServer()
  const homework = new Map<string, { extended: number; lateAccepted: number; room: ClassRoomRef }>()
  let studentId: number

  beforeAll(async () => {
    const base = app.server.url
    for (const [locale, size] of localesAndSizes) {
      const extended = await insertHomework(base, demo.teacher, { title: `Extension ${locale} ${size}`, text, questions: [question(locale)], dueInMs })
      const late = await insertHomework(base, demo.teacher, {
        title: `Late work ${locale} ${size}`,
        text,
        questions: [question(locale)],
        dueInMs,
        lateWork: 'accepted',
      })
      homework.set(`${locale}-${size}`, { extended: extended.homeworkId, lateAccepted: late.homeworkId, room: extended.room })
    }
    // Every due date was set before this moment.
    const lastDueAt = Date.now() + dueInMs
    // The demo student's row in the correction list, found by the name her account has.
    const me = (await apiCall<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', await tokenOf(base, demo.student))).data
    const first = homework.values().next().value!
    const list = (
      await apiCall<CorrectionList>(base, 'GET', `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${first.extended}`, await tokenOf(base, demo.teacher))
    ).data
    // The class room's name of a student adds her father's name between her first and family names.
    const hers = list.students.filter((student) => student.name.startsWith(`${me.firstName} `) && student.name.endsWith(` ${me.lastName}`))
    expect(hers).toHaveLength(1)
    studentId = hers[0]!.studentId
    // A second to spare past the last due date (the server's clock is this machine's).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastDueAt + 1_000 - Date.now())))
  }, 120_000)

  const studentOn = async (locale: Locale, size: Size, homeworkId: number) => {
    const opened = await openWith(app.browser, app.server.url, locale, size)
    await openMyHomework(opened.page, homeworkId)
    return opened
  }

  for (const [locale, size] of localesAndSizes) {
    it(`past the due date, the teacher extends it for one student, who then hands in on time (${locale}, ${size})`, async () => {
      const w = words[locale]
      const { extended, room } = homework.get(`${locale}-${size}`)!
      const teacher = await openCorrection(app, locale, size, room, extended)
      const row = teacher.page.locator(`[data-testid=correction-student][data-student-id="${studentId}"]`)
      expect(await row.getByTestId('correction-status').getAttribute('data-status')).toBe('uncompleted')
      await row.click()
      const extend = teacher.page.getByTestId('correction-extend')
      await extend.waitFor()
      await extend.focus()
      await teacher.page.keyboard.press('Enter')
      const dialog = teacher.page.getByTestId('correction-extend-dialog')
      await dialog.waitFor()
      expect(await axeFindings(teacher.page)).toEqual([])
      await screenshot(teacher.page, `teacher-${locale}-${size}-extend-dialog`)
      // A date already past is refused on the spot, in her language.
      const date = teacher.page.getByTestId('correction-extend-date')
      const suggested = await date.inputValue()
      await date.fill('2020-01-01')
      await teacher.page.getByTestId('correction-extend-save').click()
      await expect.poll(() => dialog.innerText()).toContain(w.afterNow)
      await date.fill(suggested)
      await teacher.page.getByTestId('correction-extend-save').click()
      await expect.poll(() => teacher.page.getByTestId('correction-due').innerText(), { timeout: 15_000 }).toContain(w.extended)
      await expect.poll(() => row.getByTestId('correction-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('not_viewed')
      expect(await axeFindings(teacher.page)).toEqual([])
      await screenshot(teacher.page, `teacher-${locale}-${size}-extended`)
      await teacher.context.close()

      const student = await studentOn(locale, size, extended)
      await student.page.getByTestId('answer-text').fill(w.answer)
      await handInFromPage(student.page)
      const status = student.page.getByTestId('my-homework-status')
      expect(await status.innerText()).toBe(w.handedIn)
      expect(await status.getAttribute('data-late')).toBeNull()
      await student.context.close()
    }, 150_000)

    it(`a homework that accepts late work takes her hand-in after the due date, marked late for her and her teacher (${locale}, ${size})`, async () => {
      const w = words[locale]
      const { lateAccepted, room } = homework.get(`${locale}-${size}`)!
      const student = await studentOn(locale, size, lateAccepted)
      await student.page.getByTestId('my-homework-late-open').waitFor()
      expect(await axeFindings(student.page)).toEqual([])
      await screenshot(student.page, `student-${locale}-${size}-late-open`)
      await student.page.getByTestId('answer-text').fill(w.answer)
      await handInFromPage(student.page)
      const status = student.page.getByTestId('my-homework-status')
      expect(await status.innerText()).toBe(w.handedInLate)
      expect(await status.getAttribute('data-late')).toBe('true')
      await student.context.close()

      const teacher = await openCorrection(app, locale, size, room, lateAccepted)
      const chip = teacher.page.locator(`[data-testid=correction-student][data-student-id="${studentId}"]`).getByTestId('correction-status')
      expect(await chip.getAttribute('data-status')).toBe('ready')
      expect(await chip.getAttribute('data-late')).toBe('true')
      expect(await chip.innerText()).toContain(w.lateChip)
      await teacher.context.close()
    }, 150_000)
  }

  it('the homework form’s late-work switch is set with the keyboard and saved with the homework', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'ar', 'phone')
    await openHomeworkTab(page)
    await page.getByTestId('homework-new').click()
    await page.getByTestId('homework-title').fill('واجب يقبل التأخير')
    await page.getByTestId('homework-text').fill('اقرأ السؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجابتك قبل التسليم النهائي.')
    await page.getByTestId('homework-subject').click()
    await page.locator('[role=option]:visible').first().click()
    const card = await addQuestion(page, 4)
    await card.getByTestId('question-header').fill('اشرح كيف تجد نصف العدد ٨.')
    const lateSwitch = page.getByTestId('homework-late-work').locator('input')
    expect(await lateSwitch.isChecked()).toBe(false)
    await lateSwitch.focus()
    await page.keyboard.press('Space')
    expect(await lateSwitch.isChecked()).toBe(true)
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'teacher-ar-phone-late-work-switch')
    await page.getByTestId('homework-save').click()
    const token = await tokenOf(app.server.url, demo.teacher)
    const room = homework.values().next().value!.room
    await expect
      .poll(
        async () =>
          (
            await apiCall<Array<{ id: number; title: string }>>(
              app.server.url,
              'GET',
              `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${room.classRoomId}`,
              token,
            )
          ).data.find((line) => line.title === 'واجب يقبل التأخير'),
        { timeout: 15_000 },
      )
      .toBeDefined()
    const saved = (
      await apiCall<Array<{ id: number; title: string }>>(
        app.server.url,
        'GET',
        `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${room.classRoomId}`,
        token,
      )
    ).data.find((line) => line.title === 'واجب يقبل التأخير')!
    const details = await apiCall<{ lateWork: string }>(
      app.server.url,
      'GET',
      `/school/api/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${saved.id}`,
      token,
    )
    expect(details.data.lateWork).toBe('accepted')
    await context.close()
  }, 120_000)
})
