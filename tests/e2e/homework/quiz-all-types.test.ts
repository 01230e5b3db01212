import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale } from '../support/contexts.ts'
import { shotOf, screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'
import { connectByKeyboard, orderByKeyboard } from '../support/dnd-keyboard.ts'
import { addQuestion, chooseOption, openHomeworkTab } from '../support/homework-form.ts'
import { pdfOf } from '../support/files.ts'
import { parseCsv } from '../../support/csv.ts'

/**
 * The homework issue's whole path, once in English and once in Arabic: the teacher builds a quiz of
 * all ten question types in the form; the demo student answers every one on her phone (re-arrange
 * and connect by keyboard alone, a worksheet uploaded, audio from Chromium's fake microphone) and
 * hands in; the teacher opens the file, plays the recording, marks by hand what is hers to mark,
 * reads the grade and downloads the grade book; the student sees her grade.
 */
const { student } = demo

const words = {
  en: {
    title: 'Everything quiz',
    text: 'Ten kinds of question in one quiz: read each carefully and answer in its place before you hand in.',
    multiple: { header: 'Which of these are even?', options: ['2', '4', '7'] },
    single: { header: 'What is half of 10?', options: ['5', '4'] },
    trueFalse: 'Cairo is the capital of Egypt.',
    paragraph: { header: 'Explain how you find half of 8.', answer: 'Split eight into two equal groups: each has four.' },
    small: { header: 'Name a prime number.', answer: 'Seven' },
    steps: ['Read', 'Think', 'Write'],
    complete: { before: 'The capital of Egypt is', gap: 'Cairo', typed: '  cAIRO ' },
    pairs: [
      ['Cairo', 'Egypt'],
      ['Paris', 'France'],
      ['Riyadh', 'Saudi Arabia'],
    ],
    file: 'Upload your worksheet.',
    sheet: 'my worksheet.pdf',
    audio: 'Read the poem aloud.',
    pickedUp: 'Picked up',
    headers: { rearrange: 'Put the steps in order', connect: 'Match each capital with its country' },
    total: 'Total degree: 14',
    comment: 'Well explained.',
    status: { ready: 'Ready' },
  },
  ar: {
    title: 'اختبار شامل',
    text: 'عشرة أنواع من الأسئلة في اختبار واحد: اقرأ كل سؤال بعناية وأجب عنه في مكانه قبل التسليم.',
    multiple: { header: 'أيّ هذه الأعداد زوجية؟', options: ['٢', '٤', '٧'] },
    single: { header: 'كم نصف العدد ١٠؟', options: ['٥', '٤'] },
    trueFalse: 'القاهرة عاصمة مصر.',
    paragraph: { header: 'اشرح كيف تجد نصف العدد ٨.', answer: 'أقسم الثمانية إلى مجموعتين متساويتين: في كل منهما أربعة.' },
    small: { header: 'اذكر عددًا أوليًا.', answer: 'سبعة' },
    steps: ['اقرأ', 'فكّر', 'اكتب'],
    // The student writes the gap with its diacritics and another alef: both are set aside by default.
    complete: { before: 'عاصمة مصر هي', gap: 'القاهرة', typed: 'ٱلْقَاهِرَة' },
    pairs: [
      ['القاهرة', 'مصر'],
      ['باريس', 'فرنسا'],
      ['الرياض', 'السعودية'],
    ],
    file: 'ارفع ورقة العمل.',
    sheet: 'ورقة عملي.pdf',
    audio: 'اقرأ القصيدة بصوت عالٍ.',
    pickedUp: 'التُقط',
    headers: { rearrange: 'رتّب الخطوات', connect: 'صِل كل عاصمة بدولتها' },
    total: 'الدرجة الكلية: ١٤',
    comment: 'شرح واضح.',
    status: { ready: 'جاهز للتصحيح' },
  },
} as const

/** Degrees by type code, in the order the questions are built: 14 in all. */
const degrees = { 1: 2, 2: 1, 3: 1, 4: 3, 5: 1, 6: 1, 7: 1, 8: 2, 9: 1, 10: 1 } as const
const typeOrder = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const
/** What the server scores on handing in: the multiple choice half right (one of two right options), paragraphs, file and audio the teacher's. */
const outcomesOnHandIn = ['partial', 'correct', 'correct', 'manual', 'manual', 'correct', 'correct', 'correct', 'manual', 'manual']
/** The teacher's marks for what is hers to grade: paragraph 2 of 3, the rest in full. */
const handMarks: Record<number, string> = { 3: '2', 4: '1', 8: '1', 9: '1' }
// Automatic: 1 + 1 + 1 + 1 + 1 + 2 = 7; by hand: 2 + 1 + 1 + 1 = 5.
const automaticGrade = 7
const finalGrade = 12

const digitsOf = (locale: Locale, value: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-EG' : 'en-US', { maximumFractionDigits: 2 }).format(value)

/** A question of a type added to the form, with its degree. */
const addQuestionOf = async (page: Page, type: number) => {
  const card = await addQuestion(page, type)
  await card.locator('input[inputmode=decimal]').fill(String(degrees[type as keyof typeof degrees]))
  return card
}

/** The teacher builds the quiz in the form and saves it; it is delivered once. */
const buildQuiz = async (page: Page, locale: Locale) => {
  const w = words[locale]
  await openHomeworkTab(page)
  await page.getByTestId('homework-new').click()
  await page.getByTestId('homework-form').waitFor()
  await page.getByTestId('homework-title').fill(w.title)
  await page.getByTestId('homework-text').fill(w.text)
  await page.getByTestId('homework-subject').click()
  await page.locator('[role=option]:visible').first().click()
  await page.getByTestId('homework-type-quiz').click()
  await chooseOption(page, page.getByTestId('homework-quiz-mode'), 'exam')
  // Open from midnight today, so the student can answer at once.
  await page.locator('#homework-startTime, input[type=time]').first().fill('00:00')

  const multiple = await addQuestionOf(page, 1)
  await multiple.getByTestId('question-header').fill(w.multiple.header)
  await multiple.getByTestId('question-add-option').click()
  for (const [index, text] of w.multiple.options.entries()) await multiple.locator('[data-testid=question-option] input:not([type])').nth(index).fill(text)
  await multiple.getByTestId('question-option-correct').nth(0).click()
  await multiple.getByTestId('question-option-correct').nth(1).click()

  const single = await addQuestionOf(page, 2)
  await single.getByTestId('question-header').fill(w.single.header)
  for (const [index, text] of w.single.options.entries()) await single.locator('[data-testid=question-option] input:not([type])').nth(index).fill(text)
  await single.getByTestId('question-option-correct').nth(0).click()

  const trueFalse = await addQuestionOf(page, 3)
  await trueFalse.getByTestId('question-header').fill(w.trueFalse)
  await trueFalse.getByTestId('question-true').click()

  const paragraph = await addQuestionOf(page, 4)
  await paragraph.getByTestId('question-header').fill(w.paragraph.header)
  const small = await addQuestionOf(page, 5)
  await small.getByTestId('question-header').fill(w.small.header)

  const rearrange = await addQuestionOf(page, 6)
  await rearrange.getByTestId('question-header').fill(w.headers.rearrange)
  for (const [index, step] of w.steps.entries()) await rearrange.locator('[data-testid=question-item] input').nth(index).fill(step)

  const complete = await addQuestionOf(page, 7)
  await complete.getByTestId('question-header').fill(locale === 'ar' ? 'أكمل الجملة' : 'Complete the sentence')
  await complete.getByTestId('question-text-part').fill(w.complete.before)
  await complete.getByTestId('question-gap-answer').fill(w.complete.gap)

  const connect = await addQuestionOf(page, 8)
  await connect.getByTestId('question-header').fill(w.headers.connect)
  for (const [index, [left, right]] of w.pairs.entries()) {
    await connect
      .locator('[data-testid=question-pair] input')
      .nth(2 * index)
      .fill(left)
    await connect
      .locator('[data-testid=question-pair] input')
      .nth(2 * index + 1)
      .fill(right)
  }

  const file = await addQuestionOf(page, 9)
  await file.getByTestId('question-header').fill(w.file)
  const audio = await addQuestionOf(page, 10)
  await audio.getByTestId('question-header').fill(w.audio)

  expect(await page.getByTestId('question-total').innerText()).toBe(w.total)
  expect(await axeFindings(page)).toEqual([])
  await screenshot(page, `quiz-${locale}-teacher-form`)

  const sent = page.waitForRequest((request) => request.url().includes('/HomeWork/InsertHomeWork'))
  await page.getByTestId('homework-save').click()
  const body = (await sent).postDataJSON() as { questions: Array<{ type: number }>; totalDegree: number; type: string; quizMode: string }
  expect(body.questions.map((question) => question.type)).toEqual([...typeOrder])
  expect(body.totalDegree).toBe(14)
  expect([body.type, body.quizMode]).toEqual(['quiz', 'exam'])
  await page.getByTestId('homework-panel').waitFor()
  const line = page.locator('[data-testid=homework-line]', { hasText: w.title })
  await expect.poll(() => line.evaluateAll((lines) => lines.map((entry) => entry.hasAttribute('data-waiting'))), { timeout: 15_000 }).toEqual([false])
}

/** The student answers every question on her phone and hands in. */
const answerQuiz = async (page: Page, locale: Locale) => {
  const w = words[locale]
  await page.context().grantPermissions(['microphone'])
  await signInThroughForm(page, student)
  await page.getByTestId('my-homework-card').waitFor()
  await page.goto('/my-homework')
  await page.locator('[data-testid=my-homework-item]', { hasText: w.title }).click()
  await page.getByTestId('my-homework-answer').waitFor()
  const question = (type: number) => page.locator(`[data-testid=question-view][data-type="${type}"]`)
  expect(await page.getByTestId('question-view').evaluateAll((views) => views.map((view) => Number(view.getAttribute('data-type'))))).toEqual([...typeOrder])

  // Multiple choice: one of the two right options; single choice and true/false right.
  await question(1).getByTestId('answer-option').filter({ hasText: w.multiple.options[0] }).click()
  await question(2).getByTestId('answer-option').filter({ hasText: w.single.options[0] }).click()
  await question(3).getByTestId('answer-true').click()
  await question(4).getByTestId('answer-text').fill(w.paragraph.answer)
  await question(5).getByTestId('answer-text').fill(w.small.answer)
  await orderByKeyboard(page, question(6), w.steps, { locale, pickedUp: w.pickedUp })
  await question(7).getByTestId('answer-gap').fill(w.complete.typed)
  await connectByKeyboard(page, question(8), w.pairs)
  // A worksheet uploaded, and two seconds from Chromium's fake microphone, sent when she stops.
  await question(9)
    .getByTestId('file-answer-input')
    .setInputFiles([{ name: w.sheet, mimeType: 'application/pdf', buffer: pdfOf(64 * 1024) }])
  await question(9).locator('[data-testid=file-answer-file][data-status=done]').getByTestId('answer-file-link').waitFor({ timeout: 30_000 })
  await question(10).getByTestId('audio-recorder-start').click()
  await question(10).getByTestId('audio-recorder-stop').waitFor()
  await page.waitForTimeout(2000)
  await question(10).getByTestId('audio-recorder-stop').click()
  await page.locator('[data-testid=audio-recorder][data-sending=sent]').waitFor({ timeout: 30_000 })

  await page.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
  expect(await axeFindings(page)).toEqual([])
  await screenshot(page, `quiz-${locale}-student-answering`)
  await page.getByTestId('my-homework-submit').click()
  await page.getByTestId('my-homework-submit-confirm').click()
  await page.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()
}

/** The teacher opens the handed-in quiz: the automatic part already scored; she marks the rest, marks it corrected and reads the grade book. */
const correctQuiz = async (page: Page, locale: Locale) => {
  const w = words[locale]
  await page.getByTestId('classroom-tab-homework').click()
  await page.locator('[data-testid=homework-line]', { hasText: w.title }).getByTestId('homework-correct').click()
  await page.getByTestId('correction-students').waitFor()
  const handedIn = page.locator('[data-testid=correction-student]:has([data-status=ready])')
  expect(await handedIn.count()).toBe(1)
  expect(await handedIn.getByTestId('correction-status').innerText()).toBe(w.status.ready)
  const studentName = (await handedIn.getByTestId('correction-student-name').innerText()).trim()
  await handedIn.click()
  const work = page.getByTestId('correction-work')
  await work.waitFor()
  expect(await work.getByTestId('question-outcome').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-outcome')))).toEqual(
    outcomesOnHandIn,
  )
  expect(await page.getByTestId('correction-grade').innerText()).toContain(digitsOf(locale, automaticGrade))

  const questions = work.getByTestId('correction-question')
  // Her worksheet opens under its name, and her recording plays.
  expect(await questions.nth(8).getByTestId('answer-file-link').innerText()).toContain(w.sheet)
  const recording = await questions
    .nth(9)
    .getByTestId('answer-audio')
    .evaluate(async (element: HTMLAudioElement) => {
      element.load()
      await new Promise((resolve) => (element.readyState >= 1 ? resolve(null) : element.addEventListener('loadedmetadata', resolve, { once: true })))
      return { readyState: element.readyState, error: element.error?.code ?? null }
    })
  expect(recording.error).toBeNull()
  expect(recording.readyState).toBeGreaterThanOrEqual(1)
  // Her answers as she wrote them, in the reading direction of their text.
  expect(await questions.nth(3).innerText()).toContain(w.paragraph.answer)
  for (const [index, mark] of Object.entries(handMarks)) await questions.nth(Number(index)).getByTestId('question-override').fill(mark)
  await questions.nth(3).getByTestId('correction-answer-comment').fill(w.comment)
  expect(await page.getByTestId('correction-grade').innerText()).toContain(digitsOf(locale, finalGrade))
  expect(await axeFindings(page)).toEqual([])
  await screenshot(page, `quiz-${locale}-teacher-correcting`)
  await page.getByTestId('correction-mark').click()
  await page.locator('[data-testid=correction-work][data-status=done]').waitFor()

  // The grade book: UTF-8 with a byte-order mark, the quiz as a column headed with its total, her grade in her row.
  const downloading = page.waitForEvent('download')
  await page.getByTestId('correction-grade-book').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/u)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const [heading, ...rows] = parseCsv(csv.slice(1))
  const column = heading!.findIndex((cell) => cell.includes(w.title))
  expect(column).toBeGreaterThan(0)
  expect(heading![column]).toContain('14')
  const row = rows.find((cells) => cells[0] === studentName)
  expect(row?.[column]).toBe(String(finalGrade))
}

describe('a quiz of all ten question types, from the form to the grade book, in Chromium', () => {
  const app = useAppServer({}, ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'])

  for (const locale of ['en', 'ar'] as const) {
    it(`the teacher builds it, the student answers every type (ordering and matching by keyboard), the teacher corrects it and reads the grade and the CSV (${locale})`, async () => {
      const desk = await openWith(app.browser, app.server.url, locale, 'desktop')
      await buildQuiz(desk.page, locale)

      const phone = await openWith(app.browser, app.server.url, locale, 'phone')
      await answerQuiz(phone.page, locale)

      await correctQuiz(desk.page, locale)

      await phone.page.reload()
      await phone.page.getByTestId('my-homework-result').waitFor()
      expect(await phone.page.getByTestId('my-homework-result-grade').innerText()).toContain(digitsOf(locale, finalGrade))
      expect(await phone.page.getByTestId('question-comment').first().innerText()).toContain(words[locale].comment)
      expect(await axeFindings(phone.page)).toEqual([])
      await screenshot(phone.page, `quiz-${locale}-student-result`)
      await shotOf(phone.page.getByTestId('my-homework-result'), `quiz-${locale}-student-result-card`)
      await phone.context.close()
      await desk.context.close()
    }, 240_000)
  }
})
