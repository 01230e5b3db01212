import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import type { ExamSession } from '../../../plugins/exams/contract/take-exam.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { assignedExam } from '../support/exams-api.ts'
import { pdfOf } from '../support/files.ts'
import { apiCall, classRoomsOf, tokenOf } from '../support/homework-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: { title: 'Reading aloud exam', sheet: 'my sheet.pdf', essay: 'Eight split in two is four.' },
  ar: { title: 'امتحان القراءة الجهرية', sheet: 'ورقتي.pdf', essay: 'ثمانية مقسومة على اثنين تساوي أربعة.' },
} as const

const questionsIn = (locale: Locale): ReadonlyArray<Question> => {
  const ar = locale === 'ar'
  return [
    { type: 9, id: 'sheet', header: ar ? 'ارفع ورقة عملك.' : 'Upload your worked sheet.', degree: 2 },
    { type: 10, id: 'voice', header: ar ? 'اقرأ الجملة بصوت عالٍ.' : 'Read the sentence aloud.', degree: 2 },
    { type: 4, id: 'explain', header: ar ? 'اشرح كيف تجد نصف العدد ٨.' : 'Explain how you find half of 8.', degree: 3 },
    {
      type: 2,
      id: 'half',
      header: ar ? 'كم نصف العدد ١٠؟' : 'What is half of 10?',
      degree: 1,
      options: [
        { id: 'a', text: '4', correct: false },
        { id: 'b', text: '5', correct: true },
      ],
    },
  ]
}

/** The names of this origin's IndexedDB databases. */
const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''))

/** Everything in one IndexedDB database, as text (its stores' records, JSON; blobs by their size). */
const databaseText = (page: Page, name: string) =>
  page.evaluate(
    async (dbName) =>
      new Promise<string>((resolve, reject) => {
        const request = indexedDB.open(dbName)
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const names = [...db.objectStoreNames]
          if (names.length === 0) return resolve('')
          const transaction = db.transaction(names, 'readonly')
          const parts: string[] = []
          for (const storeName of names) {
            const all = transaction.objectStore(storeName).getAll()
            all.onsuccess = () => parts.push(JSON.stringify(all.result, (_, value: unknown) => (value instanceof Blob ? `blob:${value.size}` : value)))
          }
          transaction.oncomplete = () => {
            db.close()
            resolve(parts.join('\n'))
          }
        }
      }),
    name,
  )

/** Opens her exam from her home's card and starts it. */
const startFromHome = async (s: Page, examId: number) => {
  await s.getByTestId('my-exams-card').waitFor()
  await s.locator(`[data-testid=my-exam][data-exam-id="${examId}"]`).getByTestId('my-exam-start').click()
  await s.getByTestId('exam-start').click()
  await s.getByTestId('exam-answering').waitFor()
}

describe('file and audio answers, and switching student on one device, in Chromium', () => {
  const app = useAppServer({}, ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'])

  for (const [locale, size] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const satisfies ReadonlyArray<readonly [Locale, Size]>) {
    const w = words[locale]
    it(`student A uploads, records and answers partly offline, switches; student B on the same browser sees nothing of hers, and A's answers are on the server (${locale}, ${size})`, async () => {
      const base = app.server.url
      const rooms = await classRoomsOf(base, await tokenOf(base, demo.teacher))
      const examId = await assignedExam(base, {
        title: `${w.title} ${size}`,
        questions: questionsIn(locale),
        // Grade 4 A (student A's) and B (student B's), of one stage as an exam's class rooms are.
        classRoomIds: rooms.filter((room) => room.name === 'Grade 4').map((room) => room.classRoomId),
      })
      const { context, page: s } = await openWith(app.browser, base, locale, size)
      await context.grantPermissions(['microphone'])
      await signInThroughForm(s, demo.student)
      await startFromHome(s, examId)

      // A file, uploaded slowly enough that its progress shows, then stored.
      const cdp = await context.newCDPSession(s)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
      await s.getByTestId('file-answer-input').setInputFiles([{ name: w.sheet, mimeType: 'application/pdf', buffer: pdfOf(1024 * 1024) }])
      await s.getByTestId('file-answer-progress').first().waitFor()
      await screenshot(s, `take-exam-files-${locale}-${size}-uploading`)
      await s.locator('[data-testid=file-answer-file][data-status=done]').getByTestId('answer-file-link').waitFor({ timeout: 60_000 })
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

      // A recording from the fake microphone, sent as soon as she stops.
      await s.getByTestId('exam-next').click()
      await s.getByTestId('audio-recorder-start').click()
      await s.getByTestId('audio-recorder-stop').waitFor()
      await s.waitForTimeout(1500)
      await s.getByTestId('audio-recorder-stop').click()
      await s.locator('[data-testid=audio-recorder][data-sending=sent]').waitFor({ timeout: 30_000 })
      await s.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `take-exam-files-${locale}-${size}-recorded`)

      // Offline: two more answers, kept on the device and queued.
      await context.setOffline(true)
      await s.getByTestId('exam-offline').waitFor()
      await s.getByTestId('exam-next').click()
      await s.getByTestId('question-view').getByTestId('answer-text').fill(w.essay)
      await s.getByTestId('exam-next').click()
      await s.getByTestId('question-view').getByTestId('answer-option').nth(1).click()
      await s.locator('[data-testid=exam-save-state][data-waiting]').waitFor()

      // Switching now warns that her answers are not sent; she stays.
      await s.getByTestId('switch-student').click()
      await s.getByTestId('switch-student-unsent').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `take-exam-switch-${locale}-${size}-unsent`, { fullPage: false })
      await s.keyboard.press('Escape')
      await s.getByTestId('switch-student-dialog').waitFor({ state: 'detached' })

      // Back online, the outbox sends them; then the switch signs her out, by keyboard.
      await context.setOffline(false)
      await s.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor({ timeout: 30_000 })
      const hers = {
        deviceKey: await s.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('fasl.examDevice.'))![1]),
        token: decodeURIComponent(new URL(s.url()).pathname.split('/').at(-1)!),
        logs: (await databaseNames(s)).filter((name) => name.startsWith('fasl-events:')),
      }
      expect(hers.logs).toHaveLength(1)
      await s.getByTestId('switch-student').focus()
      await s.keyboard.press('Enter')
      await s.getByTestId('switch-student-dialog').waitFor()
      expect(await s.getByTestId('switch-student-unsent').count()).toBe(0)
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `take-exam-switch-${locale}-${size}-all-sent`, { fullPage: false })
      await s.getByTestId('switch-student-confirm').focus()
      await s.keyboard.press('Enter')
      await s.getByTestId('signin-email').waitFor()

      // Student B on the same browser context opens her own link: nothing of A's shows.
      await s.getByTestId('signin-email').fill(demo.student2.email)
      await s.getByTestId('signin-password').fill(demo.student2.password)
      await s.getByTestId('signin-submit').click()
      await startFromHome(s, examId)
      const text = await s.locator('main').innerText()
      for (const trace of [w.sheet, w.essay]) expect(text).not.toContain(trace)
      expect(await s.locator('[data-testid=exam-map-item][data-answered]').count()).toBe(0)
      expect(await s.getByTestId('answer-file-link').count()).toBe(0)
      await s.getByTestId('exam-next').click()
      expect(await s.locator('[data-testid=audio-recorder][data-phase=recorded]').count()).toBe(0)
      await screenshot(s, `take-exam-switch-${locale}-${size}-next-student`)
      // Her log is gone from the device once her store closed (deleted at the switch); B's holds nothing of A.
      await expect.poll(() => databaseNames(s), { timeout: 10_000 }).not.toContain(hers.logs[0])
      const logs = (await databaseNames(s)).filter((name) => name.startsWith('fasl-events:'))
      expect(logs.length).toBeGreaterThan(0)
      for (const name of logs) {
        const stored = await databaseText(s, name)
        for (const trace of [w.essay, w.sheet, hers.token]) expect(stored).not.toContain(trace)
      }

      // A's answers, the offline ones included, reached the server.
      const aToken = await tokenOf(base, demo.student)
      const opened = await apiCall<ExamSession>(base, 'POST', '/exam/api/Sessions/OpenExamSession', aToken, { token: hers.token, deviceKey: hers.deviceKey })
      expect(opened.code).toBe(200)
      expect(opened.data.answers['explain']).toEqual({ type: 4, text: w.essay })
      expect(opened.data.answers['half']).toMatchObject({ type: 2 })
      expect(opened.data.answers['sheet']).toMatchObject({ type: 9, fileIds: [expect.any(Number)] })
      expect(opened.data.answers['voice']).toMatchObject({ type: 10, recordingId: expect.any(Number) })
      expect(opened.data.answerFiles.map((file) => file.fileName)).toContain(w.sheet)
      await context.close()
    })
  }
})
