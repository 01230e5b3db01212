import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeApi } from '../../../contracts/api.ts'
import { classroomGroups } from '../../../plugins/classroom/contract/groups.ts'
import { classroomFeature } from '../../../plugins/classroom/server/feature.ts'
import { coursesGroups } from '../../../plugins/courses/contract/groups.ts'
import type { Course, TeacherSubject } from '../../../plugins/courses/contract/courses-api.ts'
import { coursesFeature } from '../../../plugins/courses/server/feature.ts'
import type { StartedServer } from '../../../server/app.ts'
import { inDependencyOrder } from '../../../server/feature.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn } from '../support/http.ts'

/*
 * A feature's server part runs with only the features it comes after: courses on the class room's
 * rooms and subjects, without homework, profile or admin. Its migrations, seed and handlers are
 * composed from the two declarations alone.
 */
describe.each(testDatabases)('courses served with only the class room beside the core, on $name', (database) => {
  let server: StartedServer
  let token = ''
  beforeAll(async () => {
    server = await database.start(
      {},
      { composition: { api: composeApi([...classroomGroups, ...coursesGroups]), features: inDependencyOrder([classroomFeature, coursesFeature]) } },
    )
    token = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  it('migrates the core and the two features only', async () => {
    const features = await server.db.query<{ feature: string }>('SELECT DISTINCT feature FROM feature_migrations ORDER BY feature')
    expect(features.map((row) => row.feature)).toEqual(['classroom', 'core', 'courses'])
    const [homework] = await server.db.query<{ present: boolean }>(`SELECT to_regclass('homework') IS NOT NULL AS present`)
    expect(homework!.present).toBe(false)
  })

  it("answers courses' calls on the class room's seeded subjects, and no call of a feature it was not composed with", async () => {
    const subjects = await call<TeacherSubject[]>(server.url, 'GET', '/school/api/Courses/GetTeacherSubjects', undefined, { token })
    expect(subjects.status).toBe(200)
    expect(subjects.body.responseData.length).toBeGreaterThan(0)
    const courses = await call<Course[]>(server.url, 'GET', '/school/api/Courses/GetTeacherCourses', undefined, { token })
    expect(courses.status).toBe(200)
    const homework = await call(server.url, 'GET', '/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=1', undefined, { token })
    expect(homework.status).toBe(404)
  })
})
