import { ChaptersGroup } from './chapters-api.ts'
import { SchoolGroup } from './school-api.ts'

/** The class room's part of the API (contracts/api.ts): class rooms, subjects and students; chapters, topics and semesters. */
export const classroomGroups = [SchoolGroup, ChaptersGroup] as const
