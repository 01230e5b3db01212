import { expect } from 'vitest'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { CorrectionList, MyHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { HomeworkCorrectionEvent, SubmissionStatus } from '../../../machines/homework-correction.machine.ts'
import type { StartedServer } from '../../../server/app.ts'
import type { TestDatabase } from '../../server/support/databases.ts'
import { demoIds } from '../../server/support/homework.ts'
import { accounts, signedIn } from '../../server/support/http.ts'
import { get, homeworkAround, hours, insertHomework, partlyRightAnswers, post, studentOf } from '../../server/support/submissions.ts'

/**
 * The homework-correction machine's events as the real server's API performs them, for the demo
 * teacher and her student (Grade 4 A), on a server whose clock the test sets: "due.passed" is that
 * clock moved past her due date. Each path gets its homework of its own, due two days after the
 * clock's base time, to which the clock goes back when the path starts. It accepts late work (the
 * machine's `lateAccepted`), so every transition can be walked; a closed one is the rules' test.
 * "teacher.extendedDue" gives her a due date a day after the clock or the homework's, the later.
 */

/** What the server says about the student's work, read by the teacher and by the student herself. */
export interface Seen {
  /** GetStudentSubmission, the correction list's line and the student's own list, in that order. */
  readonly statuses: ReadonlyArray<string>
  readonly version: number | null
  readonly submittedAt: string | null
  readonly correctedAt: string | null
  readonly answered: boolean
  readonly reviewed: boolean
  /** The grade in the student's own list: shown once corrected, and only then. */
  readonly gradeShownToStudent: number | null
  /** Whether the server's clock is past her due date (her extension's when she has one). */
  readonly pastDue: boolean
}

/** The API's spelling of each machine status. */
export const apiStatus: Readonly<Record<SubmissionStatus, string>> = {
  notViewed: 'not_viewed',
  inProgress: 'in_progress',
  ready: 'ready',
  uncompleted: 'uncompleted',
  done: 'done',
}

export const startCorrectionWorld = async (database: TestDatabase) => {
  const base = Date.now()
  let now = base
  const server: StartedServer = await database.start({}, { clock: { now: () => now } })
  const ids = await demoIds(server.db)
  const teacher = (await signedIn(server.url, accounts.teacher)).accessToken
  const student = (await signedIn(server.url, accounts.student)).accessToken
  const studentId = (await studentOf(server.db, accounts.student.email)).id
  const url = server.url

  /** One path's homework: a fresh one, with the clock back at its base time. */
  const newHomework = async (): Promise<HomeworkDetails> => {
    now = base
    lastVersion = null
    const homework = await insertHomework(
      url,
      teacher,
      homeworkAround(now, ids.roomA, ids.mathematics, 48, { title: 'Model-based path', lateWork: 'accepted' }),
    )
    herDueAt = Date.parse(homework.dueAt)
    return homework
  }

  /** Her due date as the path made it: the homework's, then her extension's. */
  let herDueAt = base

  const ok = <T>(answer: { body: { responseCode: number; responseData: T } }, what: string): T => {
    expect(answer.body.responseCode, `${what}: ${JSON.stringify(answer.body)}`).toBe(200)
    return answer.body.responseData
  }

  /** The version of the work as last seen: what the next write is made against. */
  let lastVersion: number | null = null

  const see = async (homework: HomeworkDetails): Promise<Seen> => {
    const work = ok(
      await get<SubmissionForCorrection>(url, `/HomeWork/GetStudentSubmission?HomeworkID=${homework.id}&StudentID=${studentId}`, teacher),
      'GetStudentSubmission',
    )
    const list = ok(await get<CorrectionList>(url, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homework.id}`, teacher), 'GetHomeworkSubmissions')
    const mine = ok(await get<MyHomework[]>(url, '/Student/GetMyHomeworks', student), 'GetMyHomeworks')
    const line = list.students.find((entry) => entry.studentId === studentId)
    const own = mine.find((entry) => entry.homeworkId === homework.id)
    lastVersion = work.version
    return {
      statuses: [work.status, line?.status ?? 'missing', own?.status ?? 'missing'],
      version: work.version,
      submittedAt: work.submittedAt,
      correctedAt: work.correctedAt,
      answered: Object.keys(work.answers).length > 0,
      reviewed: Object.keys(work.reviews).length > 0,
      gradeShownToStudent: own?.grade ?? null,
      pastDue: now >= herDueAt,
    }
  }

  /** Performs one event through the API; the server must accept it (200). */
  const perform = async (homework: HomeworkDetails, event: HomeworkCorrectionEvent['type']): Promise<void> => {
    const version = lastVersion
    const work = { homeworkId: homework.id, studentId, version }
    const answers = { homeworkId: homework.id, version, answers: { single: partlyRightAnswers.single, essay: partlyRightAnswers.essay } }
    switch (event) {
      case 'student.opened':
        return void ok(await post(url, '/Student/OpenHomework', { homeworkId: homework.id }, student), event)
      case 'student.savedDraft':
        return void ok(await post(url, '/Student/SaveHomeworkDraft', answers, student), event)
      case 'student.submitted':
        return void ok(await post(url, '/Student/SubmitHomework', answers, student), event)
      case 'student.unsubmitted':
        return void ok(await post(url, '/Student/UndoHandIn', { homeworkId: homework.id, version }, student), event)
      case 'due.passed':
        // No request: the server applies a passed due date when the work is next read.
        now = herDueAt + hours(1)
        return
      case 'teacher.extendedDue': {
        // Later than the clock and than the homework's own due date, as the server asks.
        const dueAt = new Date(Math.max(now, Date.parse(homework.dueAt)) + hours(24)).toISOString()
        ok(await post(url, '/HomeWork/ExtendStudentDueDate', { homeworkId: homework.id, studentId, dueAt }, teacher), event)
        herDueAt = Date.parse(dueAt)
        return
      }
      case 'teacher.graded':
        return void ok(await post(url, '/HomeWork/GradeSubmission', { ...work, reviews: [{ questionId: 'essay', score: 2 }] }, teacher), event)
      case 'teacher.markedCorrected':
        return void ok(await post(url, '/HomeWork/MarkSubmissionCorrected', work, teacher), event)
      case 'teacher.reopened':
        return void ok(await post(url, '/HomeWork/ReopenSubmissionCorrection', work, teacher), event)
    }
  }

  return { server, newHomework, see, perform, close: () => server.close() }
}
