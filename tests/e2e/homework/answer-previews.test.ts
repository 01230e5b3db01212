import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, sizes, type Locale } from '../support/contexts.ts'
import { onePagePdf } from '../support/files.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { recordAndSend } from '../support/recording.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { handInFromPage, openMyHomework } from '../support/student-homework.ts'
import { useAppServer } from '../support/suite.ts'
import questionsAr from '../../../src/questions/locales/ar.json' with { type: 'json' }
import questionsEn from '../../../src/questions/locales/en.json' with { type: 'json' }
import { openHandedInWork } from '../support/correction.ts'

/**
 * Issue 21: file and audio answers while marking and reviewing. A photo shows in the card (click or
 * Enter opens it full size), a PDF in a frame the server lets the app's own pages show, a recording
 * with its length as measured while she recorded (not 0:00) in a player that seeks; a blank answer
 * reads "Not answered" / "بلا إجابة" whatever its type. On the teacher's correction screen and in
 * the student's review of her handed-in work, en + ar, phone + desktop, axe-core clean.
 */
const words = {
  en: { title: 'Draw it and read it', photo: 'my drawing.png', sheet: 'worked sheet.pdf', blank: 'Not answered', length: /^Length 0:0[1-5]$/u },
  ar: { title: 'ارسم واقرأ', photo: 'رسمتي.png', sheet: 'ورقة العمل.pdf', blank: 'بلا إجابة', length: /^المدة ٠:٠[١-٥]$/u },
} as const
const messages = { en: questionsEn, ar: questionsAr }
const zeroLength = /(^|\D)0:00|٠:٠٠/u

const setHomework = (baseURL: string, locale: Locale, questions: 'all' | 'voice') => {
  const ar = locale === 'ar'
  const voice = { type: 10, id: 'voice', header: ar ? 'اقرأ القصيدة بصوت عالٍ.' : 'Read the poem aloud.', degree: 3 } as const
  return insertHomework(baseURL, demo.teacher, {
    title: questions === 'all' ? words[locale].title : ar ? 'تسجيل القصيدة' : 'The poem, recorded',
    text: ar
      ? 'ارسم الشكل وصوّره، وارفع ورقة عملك المحلولة، ثم اقرأ القصيدة بصوت واضح وسجّلها قبل أن تسلّم الواجب.'
      : 'Draw the shape and take a photo of it, upload your worked sheet, then read the poem aloud and record it before you hand in.',
    questions:
      questions === 'voice'
        ? [voice]
        : [
            { type: 9, id: 'sheet', header: ar ? 'ارفع صورة رسمتك وورقة عملك.' : 'Upload the photo of your drawing and your worked sheet.', degree: 2 },
            voice,
            { type: 4, id: 'explain', header: ar ? 'اشرح ما رسمت.' : 'Explain what you drew.', degree: 2 },
            { type: 3, id: 'quarter', header: ar ? 'الربع أكبر من النصف.' : 'A quarter is more than a half.', degree: 1, correct: false },
          ],
  })
}

const drawing = async () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f6f9f' } })
    .png()
    .toBuffer()

/** What a teacher or the student sees of the work in `scope`: the photo drawn within the card, the PDF's frame loaded, the recording's length. */
const expectPreviews = async (page: Page, scope: Locator, locale: Locale) => {
  const w = words[locale]
  const image = scope.getByTestId('answer-image')
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0)
  expect(await image.getAttribute('alt')).toBe(w.photo)
  const imageBox = (await image.boundingBox())!
  const cardBox = (await scope.getByTestId('answer-files').boundingBox())!
  expect(imageBox.x).toBeGreaterThanOrEqual(cardBox.x - 1)
  expect(imageBox.x + imageBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1)
  const frame = scope.getByTestId('answer-pdf')
  expect(await frame.getAttribute('title')).toBe(messages[locale]['questions.file.pdfPreview'].replace('{name}', `\u2068${w.sheet}\u2069`))
  expect(await frame.getAttribute('src')).toMatch(/^\/files\/[^?]+\.pdf\?.*view=inline/u)
  await frame.scrollIntoViewIfNeeded()
  // Framed, not refused: a frame the server forbids shows Chromium's error page instead.
  await expect.poll(() => page.frames().some((each) => each.url().includes('.pdf?') && each.url().includes('view=inline')), { timeout: 15_000 }).toBe(true)
  expect(page.frames().some((each) => each.url().startsWith('chrome-error:'))).toBe(false)
  const length = scope.getByTestId('answer-audio-length')
  expect(await length.innerText()).toMatch(w.length)
  const player = scope.getByTestId('answer-audio')
  expect(await player.getAttribute('preload')).toBe('metadata')
  // It plays from any point: once the player knows the length, a time in the middle is taken.
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => (audio.seekable.length > 0 ? audio.seekable.end(0) : 0)), { timeout: 15_000 })
    .toBeGreaterThan(1)
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBe(0)
  const sought = await player.evaluate(async (audio: HTMLAudioElement) => {
    const done = new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }))
    audio.currentTime = 1
    await done
    const at = audio.currentTime
    audio.currentTime = 0
    return at
  })
  expect(sought).toBeCloseTo(1, 1)
  expect(await scope.innerText()).not.toMatch(zeroLength)
  // One wording for a blank answer, whatever the question type (a paragraph, a true/false).
  expect(await scope.getByTestId('not-answered').allInnerTexts()).toEqual([w.blank, w.blank])
}

describe('photo, PDF and audio answers seen while marking and reviewing, in Chromium', () => {
  const app = useAppServer({}, ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'])

  for (const locale of ['en', 'ar'] as const) {
    const w = words[locale]
    it(`a photo, a PDF and a recording preview in the student's review (phone) and on the correction screen (desktop, phone) (${locale})`, async () => {
      const { homeworkId } = await setHomework(app.server.url, locale, 'all')
      const { context, page: s } = await openWith(app.browser, app.server.url, locale, 'phone')
      await context.grantPermissions(['microphone'])
      await openMyHomework(s, homeworkId)
      const fileQuestion = s.getByTestId('question-view').nth(0)
      await fileQuestion.getByTestId('file-answer-input').setInputFiles([
        { name: w.photo, mimeType: 'image/png', buffer: await drawing() },
        { name: w.sheet, mimeType: 'application/pdf', buffer: onePagePdf('Worked sheet 4 A') },
      ])
      await expect.poll(() => fileQuestion.locator('[data-testid=file-answer-file][data-status=done]').count(), { timeout: 60_000 }).toBe(2)
      // Two seconds from the fake microphone, measured while she records.
      await recordAndSend(s, 2000)
      await handInFromPage(s)

      // Her review of the handed-in work, on a phone.
      const review = s.getByTestId('my-homework-answer')
      await review.getByTestId('answer-audio').waitFor()
      await expectPreviews(s, review, locale)
      expect(await s.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(sizes.phone.width)
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `answer-previews-student-${locale}-phone-review`)
      await shotOf(s.getByTestId('question-view').nth(0), `answer-previews-student-${locale}-phone-files`)
      await shotOf(s.getByTestId('question-view').nth(1), `answer-previews-student-${locale}-phone-audio`)

      // An answer saved before lengths were kept (the same WebM, no durationSeconds): never 0:00; the player's length once it has read it.
      const old = await setHomework(app.server.url, locale, 'voice')
      const token = await tokenOf(app.server.url, demo.student)
      const recording = await s
        .getByTestId('answer-audio')
        .evaluate(async (audio: HTMLAudioElement) => Array.from(new Uint8Array(await (await fetch(audio.src)).arrayBuffer())))
      const uploaded = await fetch(
        `${app.server.url}/school/api/Student/UploadAnswerFile?HomeworkID=${old.homeworkId}&QuestionID=voice&FileName=recording.webm`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'idempotency-key': crypto.randomUUID() },
          body: new Uint8Array(recording),
        },
      )
      const { responseData } = (await uploaded.json()) as { responseData: { id: number } }
      const opened = await apiCall<{ version: number }>(app.server.url, 'POST', '/school/api/Student/OpenHomework', token, { homeworkId: old.homeworkId })
      const handedIn = await apiCall(app.server.url, 'POST', '/school/api/Student/SubmitHomework', token, {
        homeworkId: old.homeworkId,
        version: opened.data.version,
        answers: { voice: { type: 10, recordingId: responseData.id } },
      })
      expect(handedIn.code).toBe(200)
      await s.goto(`/my-homework/${old.homeworkId}`)
      const oldPlayer = s.getByTestId('answer-audio')
      await oldPlayer.waitFor()
      await oldPlayer.evaluate(
        (audio: HTMLAudioElement) =>
          new Promise((resolve) => (audio.readyState >= 1 ? resolve(null) : audio.addEventListener('loadedmetadata', resolve, { once: true }))),
      )
      expect(await s.getByTestId('my-homework-answer').innerText()).not.toMatch(zeroLength)
      // The player reads the WebM's end (a byte range) to learn its length, shown once known.
      await s.getByTestId('answer-audio-length').waitFor()
      expect(await s.getByTestId('answer-audio-length').innerText()).toMatch(w.length)
      await context.close()

      // Her teacher marks it on a desktop, then on a phone.
      const desk = await openWith(app.browser, app.server.url, locale, 'desktop')
      const t = desk.page
      const work = await openHandedInWork(t, w.title)
      await work.getByTestId('answer-audio').waitFor()
      await expectPreviews(t, work, locale)
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `answer-previews-teacher-${locale}-desktop`)
      // The photo opens full size from the keyboard.
      await work.getByTestId('answer-image-link').focus()
      const [full] = await Promise.all([desk.context.waitForEvent('page'), t.keyboard.press('Enter')])
      await full.waitForLoadState()
      expect(new URL(full.url()).pathname).toMatch(/^\/files\/.+\.png$/u)
      await full.close()
      await t.setViewportSize(sizes.phone)
      await expectPreviews(t, work, locale)
      expect(await t.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(sizes.phone.width)
      expect(await axeFindings(t)).toEqual([])
      await screenshot(t, `answer-previews-teacher-${locale}-phone`)
      await shotOf(work.getByTestId('question-view').nth(0), `answer-previews-teacher-${locale}-phone-files`)
      await desk.context.close()
    }, 240_000)
  }
})
