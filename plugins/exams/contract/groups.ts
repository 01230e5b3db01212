import { ExamAccommodationsGroup } from './accommodations-api.ts'

/** Exams' part of the API (contracts/api.ts), under the exam service's /exam/api. */
export const examsGroups = [ExamAccommodationsGroup] as const
