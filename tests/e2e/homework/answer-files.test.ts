import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith, sizes, type Locale } from '../support/contexts.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { handInFromPage } from '../support/student-homework.ts'
import { screenshot } from '../support/screenshots.ts'
import { pdfOf } from '../support/files.ts'
import questionsAr from '../../../src/questions/locales/ar.json' with { type: 'json' }
import questionsEn from '../../../src/questions/locales/en.json' with { type: 'json' }
import { recordAndSend } from '../support/recording.ts'
import { openHandedInWork } from '../support/correction.ts'

const { student } = demo

const words = {
  en: { title: 'Read and show your work', sheet: 'worked sheet.pdf', status: 'Ready' },
  ar: { title: 'اقرأ وأرفق عملك', sheet: 'ورقة العمل.pdf', status: 'جاهز للتصحيح' },
} as const

/** A homework for Grade 4 A with a file-upload question and an audio question. */
const setHomework = async (baseURL: string, locale: Locale) => {
  const ar = locale === 'ar'
  const { homeworkId } = await insertHomework(baseURL, demo.teacher, {
    title: words[locale].title,
    text: ar
      ? 'ارفع ورقة عملك المحلولة، ثم اقرأ القصيدة بصوت واضح وسجّلها قبل أن تسلّم الواجب.'
      : 'Upload your worked sheet, then read the poem aloud and record it before you hand the homework in.',
    questions: [
      { type: 9, id: 'sheet', header: ar ? 'ارفع ورقة عملك.' : 'Upload your worked sheet.', degree: 2 },
      { type: 10, id: 'voice', header: ar ? 'اقرأ القصيدة بصوت عالٍ.' : 'Read the poem aloud.', degree: 3 },
    ],
  })
  return homeworkId
}

describe('file and audio answers in Chromium: uploaded with progress, kept, opened and played by the teacher', () => {
  const app = useAppServer({}, ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'])

  for (const locale of ['en', 'ar'] as const) {
    const w = words[locale]
    it(`the student uploads a file (progress, cancel, a refusal) and records audio, hands in; the teacher opens the file and plays the recording (${locale})`, async () => {
      const homeworkId = await setHomework(app.server.url, locale)
      const { context, page: s } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await s.context().grantPermissions(['microphone'])
      await signInThroughForm(s, student)
      await s.getByTestId('my-homework-card').waitFor()
      await s.goto(`/my-homework/${homeworkId}`)
      await s.getByTestId('my-homework-answer').waitFor()
      const fileQuestion = s.getByTestId('question-view').nth(0)

      // Slow uploads (512 KB/s) so the progress shows; one file is cancelled, one refused by its bytes, one kept.
      const cdp = await context.newCDPSession(s)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 })
      await fileQuestion.getByTestId('file-answer-input').setInputFiles([
        { name: w.sheet, mimeType: 'application/pdf', buffer: pdfOf(3 * 1024 * 1024) },
        { name: 'cancel me.pdf', mimeType: 'application/pdf', buffer: pdfOf(3 * 1024 * 1024) },
        { name: 'picture.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a PDF at all') },
      ])
      const progress = fileQuestion.getByTestId('file-answer-progress').first()
      await progress.waitFor()
      expect(
        Number((await progress.getAttribute('aria-valuenow')) ?? (await progress.locator('[role=progressbar]').getAttribute('aria-valuenow'))),
      ).toBeLessThan(100)
      await screenshot(s, `student-${locale}-uploading`)
      await fileQuestion.locator('[data-testid=file-answer-file]', { hasText: 'cancel me.pdf' }).getByTestId('file-answer-cancel').click()
      await fileQuestion.locator('[data-testid=file-answer-file]', { hasText: 'cancel me.pdf' }).waitFor({ state: 'detached' })
      expect(await axeFindings(s)).toEqual([])
      await fileQuestion.locator('[data-testid=file-answer-file][data-status=refused]', { hasText: 'picture.pdf' }).getByTestId('file-answer-error').waitFor()
      expect(await fileQuestion.getByTestId('file-answer-error').innerText()).toMatch(locale === 'ar' ? /نوع الملف غير مدعوم/u : /File type not supported/u)
      await fileQuestion.locator('[data-testid=file-answer-file][data-status=done]').getByTestId('answer-file-link').waitFor({ timeout: 60_000 })
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

      // Two seconds from the fake microphone; sent as soon as she stops.
      await recordAndSend(s, 2000)
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-answered`)

      // A reload keeps both: the stored file and the recording, from the draft.
      await s.reload()
      await s.getByTestId('my-homework-answer').waitFor()
      await s.getByTestId('question-view').nth(0).getByTestId('answer-file-link').waitFor()
      expect(await s.getByTestId('question-view').nth(0).getByTestId('answer-file-link').innerText()).toContain(w.sheet)
      await s.locator('[data-testid=audio-recorder][data-phase=recorded][data-sending=sent]').waitFor()
      // Recording again asks first; keeping it changes nothing.
      await s.getByTestId('audio-recorder-start').click()
      await s.getByRole('alertdialog').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-record-again`)
      await s.keyboard.press('Escape')
      await s.getByRole('alertdialog').waitFor({ state: 'detached' })
      await s.setViewportSize(sizes.phone)
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `student-${locale}-phone-answered`)
      await handInFromPage(s)
      await context.close()

      // The teacher opens the work: the file as a link, the recording as a player with a playable source.
      const desk = await openWith(app.browser, app.server.url, locale, 'desktop')
      const t = desk.page
      const work = await openHandedInWork(t, w.title)
      await work.getByTestId('answer-files').getByTestId('answer-file-link').waitFor()
      expect(await work.getByTestId('answer-files').getByTestId('answer-file-link').innerText()).toContain(w.sheet)
      const audio = work.getByTestId('answer-audio')
      await audio.waitFor()
      // The teacher's player is the student's answer, not "Your recording".
      expect(await audio.getAttribute('aria-label')).toBe({ en: questionsEn, ar: questionsAr }[locale]['questions.audio.answerRecording'])
      const source = await audio.evaluate(async (element: HTMLAudioElement) => {
        const answer = await fetch(element.src)
        const bytes = (await answer.arrayBuffer()).byteLength
        element.load()
        await new Promise((resolve) => (element.readyState >= 1 ? resolve(null) : element.addEventListener('loadedmetadata', resolve, { once: true })))
        return { status: answer.status, type: answer.headers.get('content-type'), bytes, readyState: element.readyState, error: element.error?.code ?? null }
      })
      expect(source).toMatchObject({ status: 200, type: 'audio/webm', error: null })
      expect(source.bytes).toBeGreaterThan(1000)
      expect(source.readyState).toBeGreaterThanOrEqual(1)
      const document = await work
        .getByTestId('answer-files')
        .getByTestId('answer-file-link')
        .evaluate(async (link: HTMLAnchorElement) => {
          const answer = await fetch(link.href)
          return { status: answer.status, type: answer.headers.get('content-type'), disposition: answer.headers.get('content-disposition') }
        })
      expect(document).toMatchObject({ status: 200, type: 'application/pdf' })
      expect(document.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(w.sheet)}`)
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `teacher-${locale}-desktop-correcting`)
      await t.setViewportSize(sizes.phone)
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `teacher-${locale}-phone-correcting`)
      await desk.context.close()
    }, 180_000)
  }

  it('a recording that could not be sent is kept on the device over a reload and sent once the connection is back', async () => {
    const homeworkId = await setHomework(app.server.url, 'en')
    const { context, page: s } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await context.grantPermissions(['microphone'])
    await signInThroughForm(s, student)
    await s.getByTestId('my-homework-card').waitFor()
    await s.goto(`/my-homework/${homeworkId}`)
    await s.getByTestId('my-homework-answer').waitFor()
    // The upload call fails as on a dropped connection.
    const uploads = '**/school/api/Student/UploadAnswerFile**'
    const cut = (route: Route) => route.abort('connectionreset')
    await context.route(uploads, cut)
    await s.getByTestId('audio-recorder-start').click()
    await s.getByTestId('audio-recorder-stop').waitFor()
    await s.waitForTimeout(1500)
    await s.getByTestId('audio-recorder-stop').click()
    await s.locator('[data-testid=audio-recorder][data-sending=failed]').waitFor({ timeout: 30_000 })
    expect(await s.getByTestId('audio-recorder-status').innerText()).toMatch(/not sent/u)
    await screenshot(s, 'student-en-recording-failed')
    // Reloaded while still cut off: the recording is back from the device and waits.
    await s.reload()
    await s.getByTestId('my-homework-answer').waitFor()
    await s.locator('[data-testid=audio-recorder][data-phase=recorded]').waitFor()
    await s.locator('[data-testid=audio-recorder][data-sending=failed]').waitFor({ timeout: 30_000 })
    // Connection back: reloading sends it, and the draft names it.
    await context.unroute(uploads, cut)
    await s.reload()
    await s.locator('[data-testid=audio-recorder][data-sending=sent]').waitFor({ timeout: 30_000 })
    await s.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
    const token = await tokenOf(app.server.url, student)
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ answers: Record<string, { recordingId?: number }>; answerFiles: Array<{ id: number }> }>(
              app.server.url,
              'POST',
              '/school/api/Student/OpenHomework',
              token,
              { homeworkId },
            )
          ).data.answerFiles.length,
      )
      .toBe(1)
    await context.close()
  }, 120_000)
})
