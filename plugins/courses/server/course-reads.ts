import { Effect } from 'effect'
import type { AttachmentGroup } from '../../../contracts/attachments.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { InvalidInput } from '../../../contracts/failures.ts'
import { requestLocale } from '../../../server/http/request.ts'
import { Clock } from '../../../server/services/clock.ts'
import { inSchool } from '../../../server/services/tenancy.ts'
import type { AudienceClassRoom, CourseAttachment } from '../contract/courses-api.ts'
import { schoolToday } from '../contract/courses.ts'
import { idsIn } from './sql.ts'
import { downloadLink } from '../../../server/uploads/download-link.ts'

/*
 * What the teacher's and the student's handlers share: the caller's statements, the refusals, and
 * the attachments and audience of a page of courses, each read in one statement for the page.
 */

export type NameColumns = 'en' | 'ar'

/** The columns of names in the caller's language (subjects, class rooms). */
export const namesOfCaller = Effect.map(requestLocale, (locale): NameColumns => (locale === 'ar' ? 'ar' : 'en'))

/** 105 naming these fields (worded at the edge, in the caller's language). */
export const refuse = (issues: ReadonlyArray<Issue>) => Effect.fail(new InvalidInput({ issues }))

/** The school's date now, by the server's clock (tests move it). */
export const today = Effect.map(Clock, (clock) => schoolToday(clock.now()))

export interface AttachmentRow {
  readonly id: number
  readonly courseId: number | null
  readonly fileKey: string
  readonly fileName: string
  readonly group: AttachmentGroup
  readonly extension: string
  readonly size: number
  readonly width: number | null
  readonly height: number | null
}

export const attachmentColumns = `a.id, a.course_id AS "courseId", a.file_key AS "fileKey", a.file_name AS "fileName", a.file_group AS "group", a.extension,
  a.size_bytes::float8 AS size, a.width, a.height`

const attachmentsOf = `SELECT ${attachmentColumns} FROM course_attachments a WHERE a.course_id IN ${idsIn('$1')} AND a.school_id = $school ORDER BY a.course_id, a.sort, a.id`

const audienceOf = (names: NameColumns) => `
  SELECT cr.course_id AS "courseId", r.id, r.name_${names} AS name, r.division_${names} AS division
    FROM course_class_rooms cr JOIN class_rooms r ON r.id = cr.class_room_id
   WHERE cr.course_id IN ${idsIn('$1')} AND cr.school_id = $school AND r.school_id = $school
   ORDER BY cr.course_id, r.name_${names}, r.division_${names}, r.id`

/**
 * The answer's form of a stored attachment: its file only through a signed, expiring link, which
 * carries the uploader's file name so the download keeps it (server/http/stored-files.ts).
 */
export const toAttachment = (row: AttachmentRow) =>
  Effect.map(downloadLink(row.fileKey, row.fileName), (url) => {
    const { id, fileName, group, extension, size, width, height } = row
    return { id, fileName, group, extension, size, width, height, url } satisfies CourseAttachment
  })

const byCourse = <Row extends { readonly courseId: number | null }, T>(rows: ReadonlyArray<Row>, items: ReadonlyArray<T>) => {
  const map = new Map<number, T[]>()
  rows.forEach((row, index) => {
    const list = map.get(row.courseId!) ?? []
    list.push(items[index]!)
    map.set(row.courseId!, list)
  })
  return (courseId: number): ReadonlyArray<T> => map.get(courseId) ?? []
}

/** The attachments of these courses, each list in the teacher's order. */
export const attachmentsOfCourses = (courseIds: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    if (courseIds.length === 0) return () => []
    const rows = yield* inSchool<AttachmentRow>(attachmentsOf, [JSON.stringify(courseIds)])
    return byCourse(rows, yield* Effect.forEach(rows, toAttachment))
  })

/** The audience of these courses, named in the caller's language. */
export const audienceOfCourses = (courseIds: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    if (courseIds.length === 0) return () => []
    const rows = yield* inSchool<AudienceClassRoom & { readonly courseId: number }>(audienceOf(yield* namesOfCaller), [JSON.stringify(courseIds)])
    return byCourse(
      rows,
      rows.map(({ id, name, division }): AudienceClassRoom => ({ id, name, division })),
    )
  })
