import { uploadFileNameMax } from '../../../contracts/fields.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { checkNoBidiControls } from '../../../contracts/bidi.ts'
import { checkNoControlCharacters } from '../../../contracts/validation.ts'

/** Course fields (01-teacher-side §5): title 3 to 60 characters, description under 500, a release date (YYYY-MM-DD). */
export const courseRules = { titleMin: 3, titleMax: 60, descriptionUnder: 500, fileNameMax: uploadFileNameMax } as const

const length = (value: string) => [...value.trim()].length

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30). */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export interface CourseFields {
  readonly subjectId: string
  readonly title: string
  readonly releaseDate: string
  readonly description: string
}

/** The form's rules, the same the server's schema applies (plugins/courses/contract/courses-api.ts). */
export const checkCourseFields = (input: CourseFields): Issue[] => {
  const issues: Issue[] = []
  if (input.subjectId === '') issues.push({ field: 'subjectId', key: 'required' })
  if (input.title.trim() === '') issues.push({ field: 'title', key: 'required' })
  else if (length(input.title) < courseRules.titleMin || length(input.title) > courseRules.titleMax)
    issues.push({ field: 'title', key: 'lengthBetween', values: { min: courseRules.titleMin, max: courseRules.titleMax } })
  else issues.push(...checkNoControlCharacters('title', input.title), ...checkNoBidiControls('title', input.title))
  if (input.releaseDate === '') issues.push({ field: 'releaseDate', key: 'required' })
  else if (!isCalendarDate(input.releaseDate)) issues.push({ field: 'releaseDate', key: 'dateInvalid' })
  if (input.description.trim() === '') issues.push({ field: 'description', key: 'required' })
  else if (length(input.description) >= courseRules.descriptionUnder)
    issues.push({ field: 'description', key: 'lengthUnder', values: { max: courseRules.descriptionUnder } })
  else issues.push(...checkNoControlCharacters('description', input.description, true))
  return issues
}
