import { Effect } from 'effect'
import { HttpApiSchema } from 'effect/http-api'
import type { Locale } from '../../../../contracts/errors.ts'
import { gradeBookCsv, type GradeBookColumn, type GradeBookHeadings } from '../../contract/grade-book-csv.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { inSchool, asCaller } from '../../../../server/services/tenancy.ts'
import { callerDay, callerOffsetMs } from '../homework/day-window.ts'
import { nowIso } from './record.ts'
import { sql } from './sql.ts'
import { found } from '../../../../server/db/found.ts'

const headings: Readonly<Record<Locale, GradeBookHeadings>> = {
  en: {
    student: 'Student',
    homework: (column, copy) => `${column.title}, due ${column.dueDay}${copy > 1 ? `, copy ${copy}` : ''} (out of ${column.totalDegree})`,
  },
  ar: {
    student: 'الطالب',
    homework: (column, copy) => `${column.title}، تسليم ${column.dueDay}${copy > 1 ? `، نسخة ${copy}` : ''} (من ${column.totalDegree})`,
  },
}

const fileWord: Readonly<Record<Locale, string>> = { en: 'grades', ar: 'الدرجات' }

/**
 * The download's name: an ASCII one every browser takes, and the class room's own name (in the
 * caller's language) as RFC 5987 `filename*`. Only letters, digits, spaces, `-` and `_` are kept,
 * so no quote, slash or line break can reach the header.
 */
export const attachmentName = (classRoomId: number, classRoomName: string, day: string, locale: Locale) => {
  const readable = `${classRoomName} ${fileWord[locale]} ${day}`
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
  return `attachment; filename="grade-book-${classRoomId}-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`${readable}.csv`)}`
}

/**
 * A class room the caller teaches: one row per student, one column per homework (oldest due
 * first, of one subject when asked), each cell the grade once corrected ("done"), else empty.
 */
export const gradeBook = (classRoomId: number, subjectId: number | undefined) =>
  Effect.gen(function* () {
    const locale = yield* requestLocale
    const room = yield* Effect.flatMap(asCaller<{ name: string }>(sql.classRoomName[locale], classRoomId), found)
    const offsetMs = yield* callerOffsetMs
    // Due days in the teacher's calendar (her timezone-offset header), as the file's name.
    const columns = (yield* inSchool<{ id: number; title: string; totalDegree: number; dueAt: string }>(sql.gradeBookColumns, [
      classRoomId,
      subjectId ?? null,
    ])).map((column): GradeBookColumn & { id: number } => ({ ...column, dueDay: callerDay(Date.parse(column.dueAt), offsetMs) }))
    const students = yield* inSchool<{ id: number; name: string }>(sql.gradeBookStudents[locale], [classRoomId])
    const grades = new Map(
      (yield* inSchool<{ homeworkId: number; studentId: number; grade: number | null }>(sql.gradeBookGrades, [classRoomId])).map((row) => [
        `${row.homeworkId}:${row.studentId}`,
        row.grade,
      ]),
    )
    const rows = students.map((student) => ({ studentName: student.name, grades: columns.map((column) => grades.get(`${column.id}:${student.id}`) ?? null) }))
    // The teacher's calendar day (her timezone-offset header), not the server's: in Riyadh at 01:00 it is already tomorrow.
    const day = callerDay(Date.parse(yield* nowIso), offsetMs)
    return HttpApiSchema.withHeaders({
      body: gradeBookCsv(columns, rows, headings[locale]),
      headers: { 'content-disposition': attachmentName(classRoomId, room.name, day, locale) },
    })
  })
