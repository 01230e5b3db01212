import type { Browser, Page } from 'playwright-core'
import { demo, signInThroughForm } from './app.ts'
import { openWith, type Locale, type Size } from './contexts.ts'
import type { CorrectionList, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { apiCall, insertHomework, tokenOf } from './homework-api.ts'
import { openHomeworkTab } from './homework-form.ts'

/** A homework of the teacher's first class room: a choice worth 2, a true/false worth 1 (a 0–1 mark) and a paragraph worth 3. */
export const setCorrectionHomework = (baseURL: string, title: string) =>
  insertHomework(baseURL, demo.teacher, {
    title,
    text: 'Read each question carefully, answer it in its place, and check your answers before you hand them in.',
    questions: [
      {
        type: 2,
        id: 'half',
        header: 'What is half of 10?',
        degree: 2,
        options: [
          { id: 'a', text: '4', correct: false },
          { id: 'b', text: '5', correct: true },
        ],
      },
      { type: 3, id: 'quarter', header: 'A quarter is more than a half.', degree: 1, correct: false },
      { type: 4, id: 'explain', header: 'Explain how you find half of 8.', degree: 3 },
    ],
  })

/** The demo student answers it (the choice right, the true/false wrong) and hands it in, or only saves a draft. */
export const studentWrites = async (baseURL: string, homeworkId: number, handIn: boolean) => {
  const token = await tokenOf(baseURL, demo.student)
  const opened = await apiCall<{ version: number }>(baseURL, 'POST', '/school/api/Student/OpenHomework', token, { homeworkId })
  const answers = { half: { type: 2, selected: 'b' }, quarter: { type: 3, value: true }, explain: { type: 4, text: 'Split it in two.' } }
  const path = handIn ? '/school/api/Student/SubmitHomework' : '/school/api/Student/SaveHomeworkDraft'
  await apiCall(baseURL, 'POST', path, token, { homeworkId, version: opened.data.version, answers })
}

/** The teacher signed in, on the homework's correction list. */
export const openCorrection = async (
  app: { browser: Browser; server: { url: string } },
  locale: Locale,
  size: Size,
  room: { classRoomId: number },
  homeworkId: number,
) => {
  const opened = await openWith(app.browser, app.server.url, locale, size)
  await signInThroughForm(opened.page, demo.teacher)
  await opened.page.waitForURL((url) => url.pathname === '/')
  await opened.page.goto(`/classroom/x/homeworkStudentsList?id=${room.classRoomId}&homework=${homeworkId}`)
  await opened.page.getByTestId('correction-students').waitFor()
  return opened
}

/** Through the API, the teacher marks the handed-in work of `homeworkId` corrected, with her marks and comments (none unless given). */
export const markCorrectedByApi = async (
  baseURL: string,
  homeworkId: number,
  marks: { reviews?: ReadonlyArray<{ questionId: string; score: number; comment: string }>; comment?: string } = {},
) => {
  const token = await tokenOf(baseURL, demo.teacher)
  const list = await apiCall<CorrectionList>(baseURL, 'GET', `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`, token)
  const studentId = list.data.students.find((student) => student.status === 'ready')!.studentId
  const work = await apiCall<SubmissionForCorrection>(
    baseURL,
    'GET',
    `/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`,
    token,
  )
  return apiCall(baseURL, 'POST', '/school/api/HomeWork/MarkSubmissionCorrected', token, {
    homeworkId,
    studentId,
    version: work.data.version,
    reviews: marks.reviews ?? [],
    comment: marks.comment ?? '',
  })
}

/** The teacher signs in, opens the homework titled `title` from her first class room's homework tab, and the one work handed in: its panel. */
export const openHandedInWork = async (page: Page, title: string) => {
  await openHomeworkTab(page)
  await page.locator('[data-testid=homework-line]', { hasText: title }).getByTestId('homework-correct').click()
  await page.getByTestId('correction-students').waitFor()
  await page.locator('[data-testid=correction-student]:has([data-status=ready])').click()
  return page.getByTestId('correction-work')
}
