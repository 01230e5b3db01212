import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { StartedServer } from '../../../server/app.ts'
import { demoIds, type DemoIds } from './homework.ts'
import { accounts, signedIn } from './http.ts'
import { grantRole } from './roles.ts'
import { seedSecondSchool, seedSecondSchoolStudent, secondSchool, secondSchoolStudent, type SecondSchool } from './second-school.ts'
import { homeworkAround, insertHomework, studentOf } from './submissions.ts'

/**
 * Who the tenancy tests of a student's work call with: the demo school's teachers and students, a
 * second school with a teacher and a student, all signed in, and three homework: one for all of
 * Grade 4 A, one for Grade 4 A's students but the demo student, and one of the second school.
 */
export interface HomeworkAudience {
  readonly ids: DemoIds
  readonly second: SecondSchool
  readonly tokens: Readonly<Record<'teacher' | 'teacher2' | 'student' | 'student2' | 'secondTeacher' | 'secondStudent', string>>
  /** The demo student (Grade 4 A) and student2 (another class room). */
  readonly studentId: number
  readonly student2Id: number
  readonly inA: HomeworkDetails
  readonly forOthersInA: HomeworkDetails
  readonly secondSchools: HomeworkDetails
}

export const seedHomeworkAudience = async (server: StartedServer): Promise<HomeworkAudience> => {
  const base = server.url
  const ids = await demoIds(server.db)
  const second = await seedSecondSchool(server.db)
  await seedSecondSchoolStudent(server.db, second)
  // teacher2 is the other teacher of Grade 4 B: with Assignments, so only her class rooms limit her (authorization.test.ts: without it, 403).
  await grantRole(server.db, accounts.teacher2.email, 'Assignments')
  const token = async (account: { email: string; password: string }) => (await signedIn(base, account)).accessToken
  const tokens = {
    teacher: await token(accounts.teacher),
    teacher2: await token(accounts.teacher2),
    student: await token(accounts.student),
    student2: await token(accounts.student2),
    secondTeacher: await token(secondSchool.teacher),
    secondStudent: await token(secondSchoolStudent),
  }
  const studentId = (await studentOf(server.db, accounts.student.email)).id
  const student2Id = (await studentOf(server.db, accounts.student2.email)).id
  const now = Date.now()
  const inA = await insertHomework(base, tokens.teacher, homeworkAround(now, ids.roomA, ids.mathematics, 48))
  const forOthersInA = await insertHomework(
    base,
    tokens.teacher,
    homeworkAround(now, ids.roomA, ids.mathematics, 48, {
      target: { kind: 'students', studentIds: ids.studentsOfA.filter((id) => id !== studentId).slice(0, 3) },
    }),
  )
  const secondSchools = await insertHomework(base, tokens.secondTeacher, homeworkAround(now, second.classRoomId, second.subjectId, 48))
  return { ids, second, tokens, studentId, student2Id, inA, forOthersInA, secondSchools }
}
