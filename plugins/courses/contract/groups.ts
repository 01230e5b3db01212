import { CoursesGroup } from './courses-api.ts'

/** Courses' part of the API (contracts/api.ts). */
export const coursesGroups = [CoursesGroup] as const
