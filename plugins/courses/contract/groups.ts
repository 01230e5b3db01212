import { CoursesGroup } from './courses-api.ts'
import { StudentCoursesGroup } from './student-courses-api.ts'

/** Courses' part of the API (contracts/api.ts): the teacher's courses and what her students read of them. */
export const coursesGroups = [CoursesGroup, StudentCoursesGroup] as const
