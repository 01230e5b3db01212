import { afterAll, beforeAll } from 'vitest'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import type { TestDatabase } from './databases.ts'
import { demoIds, type DemoIds } from './homework.ts'
import { accounts, signedIn } from './http.ts'
import { manualClock } from './manual-clock.ts'
import { get, post, studentOf } from './submissions.ts'

/**
 * The homework-flow tests' shared start: a server on `database` whose clock is moved by hand, the
 * demo ids, the two teachers' and two students' tokens and the demo student's id. The fields are
 * filled in before the file's tests run (read them inside tests, not at collection).
 */
export const useHomeworkFlow = (database: TestDatabase) => {
  const time = manualClock()
  const state = {
    time,
    server: undefined as unknown as StartedServer,
    base: '',
    ids: undefined as unknown as DemoIds,
    tokens: { teacher: '', teacher2: '', student: '', student2: '' },
    studentId: 0,
  }
  const flow = Object.assign(state, {
    /** The student opens a homework (as the answer page does). */
    open: (id: number, token = state.tokens.student) => post<StudentHomework>(state.base, '/Student/OpenHomework', { homeworkId: id }, token),
    /** The teacher reads one student's work for correction. */
    correction: (id: number, student = state.studentId) =>
      get<SubmissionForCorrection>(state.base, `/HomeWork/GetStudentSubmission?HomeworkID=${id}&StudentID=${student}`, state.tokens.teacher),
  })
  beforeAll(async () => {
    flow.server = await database.start({}, { clock: time.clock })
    flow.base = flow.server.url
    flow.ids = await demoIds(flow.server.db)
    for (const role of ['teacher', 'teacher2', 'student', 'student2'] as const) flow.tokens[role] = (await signedIn(flow.base, accounts[role])).accessToken
    flow.studentId = (await studentOf(flow.server.db, accounts.student.email)).id
  })
  afterAll(() => flow.server.close())
  return flow
}
