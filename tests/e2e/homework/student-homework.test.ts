import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith, sizes, type Locale } from '../support/contexts.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { openHomeworkTab } from '../support/homework-form.ts'

const { student, student2 } = demo

const words = {
  en: {
    title: 'Fractions check',
    essay: 'Half of eight is four, because 8 ÷ 2 = 4.',
    comment: 'Clear reasoning, well done.',
    overall: 'Good work; check the true/false questions again.',
    status: { ready: 'Ready', done: 'Done' },
  },
  ar: {
    title: 'مراجعة الكسور',
    essay: 'نصف الثمانية أربعة، لأن ٨ ÷ ٢ = ٤.',
    comment: 'تفكير واضح، أحسنت.',
    overall: 'عمل جيد؛ راجع أسئلة الصواب والخطأ مرة أخرى.',
    status: { ready: 'جاهز للتصحيح', done: 'تم التصحيح' },
  },
} as const

/** A homework for the teacher's first class room (Grade 4 A): single choice, true/false (answered wrongly below) and a paragraph marked by hand. */
const setHomework = async (
  baseURL: string,
  locale: Locale,
  kind: { type: 'homework'; quizMode: null } | { type: 'quiz'; quizMode: 'training' } = { type: 'homework', quizMode: null },
) => {
  const ar = locale === 'ar'
  return insertHomework(baseURL, demo.teacher, {
    title: words[locale].title,
    text: ar
      ? 'اقرأ كل سؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجاباتك قبل التسليم.'
      : 'Read each question carefully, answer it in its place, and check your answers before you hand them in.',
    ...kind,
    questions: [
      {
        type: 2,
        id: 'half',
        header: ar ? 'كم نصف العدد ١٠؟' : 'What is half of 10?',
        degree: 2,
        options: [
          { id: 'a', text: '4', correct: false },
          { id: 'b', text: '5', correct: true },
        ],
      },
      { type: 3, id: 'quarter', header: ar ? 'الربع أكبر من النصف.' : 'A quarter is more than a half.', degree: 1, correct: false },
      { type: 4, id: 'explain', header: ar ? 'اشرح كيف تجد نصف العدد ٨.' : 'Explain how you find half of 8.', degree: 3 },
    ],
  })
}

describe('the student area and the correction screen in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    const w = words[locale]
    it(`a student answers on her phone, keeps her draft over a reload and hands in; her teacher corrects by keyboard; she sees grade and comment (${locale})`, async () => {
      const { homeworkId, room } = await setHomework(app.server.url, locale)

      // The student, on a phone: she lands on her homework, not on teacher cards.
      const phone = await openWith(app.browser, app.server.url, locale, 'phone')
      const s = phone.page
      await signInThroughForm(s, student)
      await s.getByTestId('my-homework-card').waitFor()
      expect(await s.getByTestId('home-classroom-card').count()).toBe(0)
      expect(await s.getByTestId('classroom-fab').count()).toBe(0)
      expect(await s.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-phone-home`)
      await s.locator(`[data-testid=my-homework-item][data-homework-id="${homeworkId}"]`).click()
      await s.getByTestId('my-homework-answer').waitFor()
      const questions = s.getByTestId('question-view')
      await questions.nth(0).getByTestId('answer-option').nth(1).click()
      await questions.nth(1).getByTestId('answer-true').click()
      await questions.nth(2).getByTestId('answer-text').fill(w.essay)
      // Saved through the outbox: the draft state settles on "saved" once the server has it.
      await s.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
      await s.waitForTimeout(1200)
      await s.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-phone-answering`)
      await s.reload()
      await s.getByTestId('my-homework-answer').waitFor()
      expect(await s.getByTestId('question-view').nth(2).getByTestId('answer-text').inputValue()).toBe(w.essay)
      expect(await s.getByTestId('question-view').nth(0).locator('[data-state=checked]').count()).toBeGreaterThan(0)
      await s.getByTestId('my-homework-submit').click()
      await s.getByTestId('my-homework-submit-confirm').click()
      await s.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()
      await s.getByTestId('my-homework-waiting-correction').waitFor()
      await screenshot(s, `student-${locale}-phone-handed-in`)

      // The teacher, at a desk: the class room's homework students list.
      const desk = await openWith(app.browser, app.server.url, locale, 'desktop')
      const t = desk.page
      // From the class room's homework tab, the homework's "Students' answers".
      await openHomeworkTab(t)
      await t.locator('[data-testid=homework-line]', { hasText: w.title }).getByTestId('homework-correct').click()
      await t.getByTestId('correction-students').waitFor()
      expect(new URL(t.url()).searchParams.get('homework')).toBe(String(homeworkId))
      expect(new URL(t.url()).searchParams.get('id')).toBe(String(room.classRoomId))
      const handedIn = t.locator('[data-testid=correction-student]:has([data-status=ready])')
      expect(await handedIn.count()).toBe(1)
      expect(await handedIn.getByTestId('correction-status').innerText()).toBe(w.status.ready)
      expect(await axeFindings(t)).toEqual([])
      await handedIn.click()
      const work = t.getByTestId('correction-work')
      await work.waitFor()
      const outcomes = await work.getByTestId('question-outcome').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-outcome')))
      expect(outcomes).toEqual(['correct', 'incorrect', 'manual'])
      expect(await t.getByTestId('correction-grade').innerText()).toContain(locale === 'ar' ? '٢' : '2')
      // Mark the paragraph by hand (it counted 0 until now), with a comment on it and on the whole work.
      await work.getByTestId('correction-question').nth(2).getByTestId('question-override').fill('2.5')
      await work.getByTestId('correction-question').nth(2).getByTestId('correction-answer-comment').fill(w.comment)
      await work.getByTestId('correction-comment').fill(w.overall)
      expect(await t.getByTestId('correction-grade').innerText()).toContain(locale === 'ar' ? '٤٫٥' : '4.5')
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `teacher-${locale}-desktop-correcting`)
      await t.getByTestId('correction-mark').click()
      await t.locator('[data-testid=correction-work][data-status=done]').waitFor()
      const studentId = await work.getAttribute('data-student-id')
      // Keyboard: the next student and back again.
      await t.keyboard.press('Alt+ArrowDown')
      await t.waitForURL((url) => url.searchParams.get('student') !== studentId)
      await t.keyboard.press('Alt+ArrowUp')
      await t.waitForURL((url) => url.searchParams.get('student') === studentId)
      await t.locator('[data-testid=correction-work][data-status=done]').waitFor()
      expect(await t.getByTestId('correction-reopen').count()).toBe(1)
      expect(await t.getByTestId('correction-mark').count()).toBe(0)
      await screenshot(t, `teacher-${locale}-desktop-corrected`)
      // The class room's grade book, as a CSV file.
      const download = t.waitForEvent('download')
      await t.getByTestId('correction-grade-book').click()
      expect((await download).suggestedFilename()).toMatch(/\.csv$/u)
      await t.setViewportSize(sizes.phone)
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `teacher-${locale}-phone-corrected`)

      // The student sees her grade and the comments.
      await s.goto(`/my-homework/${homeworkId}`)
      await s.getByTestId('my-homework-result').waitFor()
      expect(await s.getByTestId('my-homework-result-grade').innerText()).toContain(locale === 'ar' ? '٤٫٥' : '4.5')
      expect(await s.getByTestId('my-homework-result-comment').innerText()).toContain(w.overall)
      expect(await s.getByTestId('question-comment').first().innerText()).toContain(w.comment)
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-phone-corrected`)
      await s.setViewportSize(sizes.desktop)
      await s.goto('/my-homework')
      await s.getByTestId('my-homework-page').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-desktop-list`)
      await phone.context.close()
      await desk.context.close()
    }, 180_000)
  }

  it('work done without a network is kept over a reload and reaches the server exactly once: her draft, and the teacher’s "mark corrected" with her marks', async () => {
    const { homeworkId, room } = await setHomework(app.server.url, 'en')
    // The student: her draft saves fail (no network), she reloads, her answers are still there; then they go.
    const phone = await openWith(app.browser, app.server.url, 'en', 'phone')
    const s = phone.page
    await signInThroughForm(s, student)
    await s.getByTestId('my-homework-card').waitFor()
    await s.goto(`/my-homework/${homeworkId}`)
    await s.getByTestId('my-homework-answer').waitFor()
    const drafts = '**/school/api/Student/SaveHomeworkDraft'
    const cut = (route: Route) => route.abort('internetdisconnected')
    await phone.context.route(drafts, cut)
    await s.getByTestId('question-view').nth(2).getByTestId('answer-text').fill('Kept while offline.')
    await s.locator('[data-testid=my-homework-draft-state][data-waiting]').waitFor()
    await s.reload()
    await s.getByTestId('my-homework-answer').waitFor()
    await expect.poll(() => s.getByTestId('question-view').nth(2).getByTestId('answer-text').inputValue()).toBe('Kept while offline.')
    await phone.context.unroute(drafts, cut)
    await s.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor({ timeout: 30_000 })
    await s.getByTestId('question-view').nth(0).getByTestId('answer-option').nth(1).click()
    await s.getByTestId('my-homework-submit').click()
    await s.getByTestId('my-homework-submit-confirm').click()
    await s.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()

    // The teacher corrects with the network down, reloads, and the writes go once it is back.
    const desk = await openWith(app.browser, app.server.url, 'en', 'desktop')
    const t = desk.page
    await signInThroughForm(t, demo.teacher)
    await t.waitForURL((url) => url.pathname === '/')
    await t.goto(`/classroom/x/homeworkStudentsList?id=${room.classRoomId}&homework=${homeworkId}`)
    await t.locator('[data-testid=correction-student]:has([data-status=ready])').click()
    const work = t.getByTestId('correction-work')
    await work.waitFor()
    const studentId = await work.getAttribute('data-student-id')
    const writes = /HomeWork\/(GradeSubmission|MarkSubmissionCorrected)/u
    const keys: string[] = []
    const dropped = (route: Route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      return route.abort('internetdisconnected')
    }
    await desk.context.route(writes, dropped)
    await work.getByTestId('correction-question').nth(2).getByTestId('question-override').fill('3')
    await work.getByTestId('correction-comment').fill('Sent once.')
    await t.getByTestId('correction-mark').click()
    // One write: "mark corrected" carries the marks and comment not saved yet.
    await expect.poll(() => t.getByTestId('correction-waiting').innerText()).toMatch(/^One change is/)
    await t.reload()
    await expect.poll(() => t.getByTestId('correction-waiting').innerText()).toMatch(/^One change is/)
    const teacherToken = await tokenOf(app.server.url, demo.teacher)
    const held = async () =>
      (
        await apiCall<{ status: string; grade: number | null; comment: string | null }>(
          app.server.url,
          'GET',
          `/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`,
          teacherToken,
        )
      ).data
    expect((await held()).status).toBe('ready')
    // Back online; the first answer is lost on its way back: the retry under the same key changes nothing more.
    await desk.context.unroute(writes, dropped)
    let lost = 0
    await desk.context.route(writes, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (lost === 0) {
        lost++
        await route.fetch()
        return route.abort('connectionreset')
      }
      return route.continue()
    })
    await t.getByTestId('correction-waiting').waitFor({ state: 'detached', timeout: 30_000 })
    await t.locator('[data-testid=correction-work][data-status=done]').waitFor()
    expect(await held()).toMatchObject({ status: 'done', grade: 5, comment: 'Sent once.' })
    expect(new Set(keys.filter((key) => key !== '')).size).toBe(1)
    await phone.context.close()
    await desk.context.close()
  }, 120_000)

  it('a training quiz shows the right answers and her automatic score once handed in', async () => {
    const { homeworkId } = await setHomework(app.server.url, 'en', { type: 'quiz', quizMode: 'training' })
    const { context, page } = await openWith(app.browser, app.server.url, 'ar', 'phone')
    await signInThroughForm(page, student)
    await page.getByTestId('my-homework-card').waitFor()
    await page.goto(`/my-homework/${homeworkId}`)
    await page.getByTestId('my-homework-answer').waitFor()
    // Nothing right is given away while she answers.
    expect(await page.locator('[data-testid=question-view][data-mode=answering]').count()).toBe(3)
    await page.getByTestId('question-view').nth(0).getByTestId('answer-option').nth(1).click()
    await page.getByTestId('question-view').nth(1).getByTestId('answer-false').click()
    // Typing is saved once she pauses, not at every key.
    await page.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
    await page.waitForTimeout(1000)
    let drafts = 0
    page.on('request', (request) => {
      if (request.url().includes('/Student/SaveHomeworkDraft')) drafts++
    })
    await page.getByTestId('question-view').nth(2).getByTestId('answer-text').pressSequentially('Divide it by two.', { delay: 30 })
    await page.waitForTimeout(1500)
    expect(drafts).toBeGreaterThanOrEqual(1)
    expect(drafts).toBeLessThanOrEqual(2)
    await page.getByTestId('my-homework-submit').click()
    await page.getByTestId('my-homework-submit-confirm').click()
    await page.getByTestId('my-homework-result').waitFor()
    expect(await page.locator('[data-testid=question-view][data-mode=reviewing]').count()).toBe(3)
    // 2 + 1, the paragraph waiting for the teacher.
    expect(await page.getByTestId('my-homework-result-grade').innerText()).toContain('٣')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'student-ar-phone-training-quiz')
    await context.close()
  }, 120_000)

  it('moving to the next student by keyboard saves the marks and comments typed so far', async () => {
    const { homeworkId, room } = await setHomework(app.server.url, 'en')
    const studentToken = await tokenOf(app.server.url, student)
    const opened = await apiCall<{ version: number }>(app.server.url, 'POST', '/school/api/Student/OpenHomework', studentToken, { homeworkId })
    const handed = await apiCall<{ status: string }>(app.server.url, 'POST', '/school/api/Student/SubmitHomework', studentToken, {
      homeworkId,
      version: opened.data.version,
      answers: { half: { type: 2, selected: 'b' }, explain: { type: 4, text: 'Split it in two.' } },
    })
    expect(handed.data.status).toBe('ready')
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto(`/classroom/x/homeworkStudentsList?id=${room.classRoomId}&homework=${homeworkId}`)
    await page.locator('[data-testid=correction-student]:has([data-status=ready])').click()
    const work = page.getByTestId('correction-work')
    await work.waitFor()
    const studentId = await work.getAttribute('data-student-id')
    await work.getByTestId('correction-question').nth(2).getByTestId('question-override').fill('1.5')
    await work.getByTestId('correction-comment').fill('Saved on the way.')
    await page.keyboard.press('Alt+ArrowDown')
    await page.waitForURL((url) => url.searchParams.get('student') !== studentId)
    const teacherToken = await tokenOf(app.server.url, demo.teacher)
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ comment: string | null; currentGrade: number }>(
              app.server.url,
              'GET',
              `/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`,
              teacherToken,
            )
          ).data,
        { timeout: 15_000 },
      )
      .toMatchObject({ comment: 'Saved on the way.', currentGrade: 3.5 })
    await context.close()
  }, 120_000)

  it('the correction page shows how the class did, pre-scored in the scoring worker (English and Arabic, desk and phone)', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { homeworkId, room } = await setHomework(app.server.url, locale)
      const studentToken = await tokenOf(app.server.url, student)
      const opened = await apiCall<{ version: number }>(app.server.url, 'POST', '/school/api/Student/OpenHomework', studentToken, { homeworkId })
      const answers = { half: { type: 2, selected: 'b' }, quarter: { type: 3, value: true }, explain: { type: 4, text: words[locale].essay } }
      expect(
        (await apiCall(app.server.url, 'POST', '/school/api/Student/SubmitHomework', studentToken, { homeworkId, version: opened.data.version, answers })).code,
      ).toBe(200)
      for (const size of ['desktop', 'phone'] as const) {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        const workers: string[] = []
        page.on('worker', (worker) => workers.push(worker.url()))
        await signInThroughForm(page, demo.teacher)
        await page.waitForURL((url) => url.pathname === '/')
        await page.goto(`/classroom/x/homeworkStudentsList?id=${room.classRoomId}&homework=${homeworkId}`)
        const overview = page.getByTestId('class-overview')
        const question = (id: string) => overview.locator(`[data-testid=class-overview-question][data-question-id="${id}"]`)
        await question('half').getByTestId('class-overview-average').waitFor()
        expect(
          workers.some((url) => /scoring\.worker/u.test(url)),
          workers.join(),
        ).toBe(true)
        if (locale === 'en') {
          expect(await overview.innerText()).toContain("One student's work to correct")
          expect(await question('half').getByTestId('class-overview-average').innerText()).toBe('Average 2 of 2')
          expect(await question('half').getByTestId('class-overview-counts').innerText()).toBe('1 right, 0 partly right, 0 wrong or blank')
          expect(await question('quarter').getByTestId('class-overview-counts').innerText()).toBe('0 right, 0 partly right, 1 wrong or blank')
          expect(await question('explain').innerText()).toContain('You mark this question yourself')
        } else {
          expect(await overview.innerText()).toContain('عمل طالب واحد للتصحيح')
          expect(await question('half').getByTestId('class-overview-average').innerText()).toBe('المتوسط ٢ من ٢')
          expect(await question('quarter').getByTestId('class-overview-counts').innerText()).toBe('٠ صحيحة، ٠ صحيحة جزئيًا، ١ خاطئة أو فارغة')
          expect(await question('explain').innerText()).toContain('تصحّح هذا السؤال بنفسك')
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `correction-${locale}-${size}-class-overview`, { fullPage: true })
        await context.close()
      }
    }
  }, 180_000)

  it('a student of another class room does not see Grade 4 A’s homework', async () => {
    const { homeworkId } = await setHomework(app.server.url, 'en')
    const token = await tokenOf(app.server.url, student2)
    const mine = await apiCall<Array<{ homeworkId: number }>>(app.server.url, 'GET', '/school/api/Student/GetMyHomeworks', token)
    expect(mine.data.map((item) => item.homeworkId)).not.toContain(homeworkId)
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'phone')
    await signInThroughForm(page, student2)
    await page.getByTestId('my-homework-card').waitFor()
    await page.goto('/my-homework')
    await page.locator('[data-testid=my-homework-list], [data-testid=my-homework-empty]').first().waitFor()
    expect(await page.locator(`[data-homework-id="${homeworkId}"]`).count()).toBe(0)
    await page.goto(`/my-homework/${homeworkId}`)
    await page.getByText('Your homework could not be loaded').waitFor()
    await context.close()
  }, 120_000)
})
