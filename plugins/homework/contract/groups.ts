import { HomeworkGroup } from './homework-api.ts'
import { HomeworkCorrectionGroup, StudentHomeworkGroup } from './submissions-api.ts'

/** Homework's part of the API (contracts/api.ts): the teacher's homework, its correction, the student's side. */
export const homeworkGroups = [HomeworkGroup, HomeworkCorrectionGroup, StudentHomeworkGroup] as const
