import type { Course, CourseInput, TeacherSubject } from './contract/courses-api.ts'
import type { StudentCourse } from './contract/student-courses-api.ts'
import { callApi } from '../../src/api/client.ts'

/** The courses calls (plugins/courses/contract/courses-api.ts), each a direct call: a course is saved while the teacher waits, with its uploads. */
export const loadSubjects = (): Promise<ReadonlyArray<TeacherSubject>> => callApi((c) => c.courses.teacherSubjects())
export const loadCourses = (): Promise<ReadonlyArray<Course>> => callApi((c) => c.courses.teacherCourses({ query: {} }))
export const loadCourse = (id: number): Promise<Course> => callApi((c) => c.courses.getCourse({ query: { CourseID: id } }))

const key = () => crypto.randomUUID()

export const createCourse = (input: CourseInput): Promise<Course> => callApi((c) => c.courses.createCourse({ payload: input }), { idempotencyKey: key() })
export const updateCourse = (id: number, input: CourseInput): Promise<Course> =>
  callApi((c) => c.courses.updateCourse({ payload: { id, ...input } }), { idempotencyKey: key() })
export const deleteCourse = (id: number): Promise<null> => callApi((c) => c.courses.deleteCourse({ payload: { id } }), { idempotencyKey: key() })
export const deleteUpload = (id: number): Promise<null> => callApi((c) => c.courses.deleteUpload({ payload: { id } }), { idempotencyKey: key() })

/** A student's side: the courses released to her class room, and one of them. */
export const loadMyCourses = (): Promise<ReadonlyArray<StudentCourse>> => callApi((c) => c.studentCourses.myCourses())
export const loadMyCourse = (id: number): Promise<StudentCourse> => callApi((c) => c.studentCourses.myCourse({ query: { CourseID: id } }))
