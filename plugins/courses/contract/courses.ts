import { uploadFileNameMax } from '../../../contracts/fields.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { checkNoBidiControls } from '../../../contracts/bidi.ts'
import { checkNoControlCharacters } from '../../../contracts/validation.ts'

/**
 * Course fields (01-teacher-side §5): title 3 to 60 characters, description under 500, a release
 * date (YYYY-MM-DD). The audience (issue 21; the spec is silent) is 1 to 50 of the teacher's class
 * rooms that have the course's subject: at most 50 keeps a list a form can show, more than any
 * teacher teaches one subject in.
 */
export const courseRules = { titleMin: 3, titleMax: 60, descriptionUnder: 500, fileNameMax: uploadFileNameMax, classRoomsMax: 50 } as const

/**
 * The school's time zone, in which a release date starts (00:00 there). The spec names none and
 * schools carry no time zone yet: one school, one country, Egypt's by default (as phoneDefaults in
 * contracts/settings.ts). It belongs to the school's settings once schools carry one. The student's
 * own clock or offset header is not used: a course is released for the whole class at once.
 */
export const schoolTimeZone = 'Africa/Cairo'

/** The school's date (YYYY-MM-DD) at `nowMs`: courses released on it or before are open to their audience. */
export const schoolToday = (nowMs: number, timeZone: string = schoolTimeZone): string => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(nowMs))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

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
  /** The chosen class rooms' ids, comma-joined (the form keeps text values). */
  readonly classRoomIds: string
}

/** The form's comma-joined class room ids as numbers. */
export const classRoomIdsOf = (value: string): number[] => (value === '' ? [] : value.split(',').map(Number))

/** The form's rules, the same the server's schema applies (plugins/courses/contract/courses-api.ts), in the form's order (a refused save focuses the first). */
export const checkCourseFields = (input: CourseFields): Issue[] => {
  const issues: Issue[] = []
  if (input.subjectId === '') issues.push({ field: 'subjectId', key: 'required' })
  if (input.releaseDate === '') issues.push({ field: 'releaseDate', key: 'required' })
  else if (!isCalendarDate(input.releaseDate)) issues.push({ field: 'releaseDate', key: 'dateInvalid' })
  const classRooms = classRoomIdsOf(input.classRoomIds).length
  if (classRooms === 0) issues.push({ field: 'classRoomIds', key: 'classRoomsRequired' })
  else if (classRooms > courseRules.classRoomsMax) issues.push({ field: 'classRoomIds', key: 'itemsAtMost', values: { max: courseRules.classRoomsMax } })
  if (input.title.trim() === '') issues.push({ field: 'title', key: 'required' })
  else if (length(input.title) < courseRules.titleMin || length(input.title) > courseRules.titleMax)
    issues.push({ field: 'title', key: 'lengthBetween', values: { min: courseRules.titleMin, max: courseRules.titleMax } })
  else issues.push(...checkNoControlCharacters('title', input.title), ...checkNoBidiControls('title', input.title))
  if (input.description.trim() === '') issues.push({ field: 'description', key: 'required' })
  else if (length(input.description) >= courseRules.descriptionUnder)
    issues.push({ field: 'description', key: 'lengthUnder', values: { max: courseRules.descriptionUnder } })
  else issues.push(...checkNoControlCharacters('description', input.description, true))
  return issues
}
