import { Effect } from 'effect'
import { HttpApiSchema } from 'effect/http-api'
import type { Locale } from '../../../../contracts/errors.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import type { ExamResults } from '../../contract/results.ts'
import { examResultsForExport } from './results.ts'

/**
 * An exam's results as CSV for a spreadsheet: UTF-8 with a byte-order mark (Excel on Windows then
 * reads Arabic names), CRLF line ends, RFC 4180 quoting, and a text cell that starts like a formula
 * prefixed with `'` (never run as one). One row per student, class room by class room; an absent
 * student's mark is empty.
 */
const byteOrderMark = '\uFEFF'
const formulaStart = /^[=+\-@\t\r]/

const textCell = (value: string): string => {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const numberCell = (value: number | null) => (value === null ? '' : String(Math.round(value * 100) / 100))

const headings: Readonly<Record<Locale, ReadonlyArray<string>>> = {
  en: ['Class room', 'Student', 'Mark', 'Out of'],
  ar: ['الفصل', 'الطالب', 'الدرجة', 'من'],
}

export const resultsCsv = (results: ExamResults, locale: Locale): string => {
  const lines = [headings[locale].map(textCell).join(',')]
  for (const room of results.classRooms)
    for (const student of room.students)
      lines.push([textCell(room.classRoomName), textCell(student.studentName), numberCell(student.finalMark), numberCell(results.totalDegree)].join(','))
  return byteOrderMark + lines.join('\r\n') + '\r\n'
}

export const exportResults = (examId: number) =>
  Effect.gen(function* () {
    const locale = yield* requestLocale
    const { results } = yield* examResultsForExport(examId)
    return HttpApiSchema.withHeaders({
      body: resultsCsv(results, locale),
      headers: { 'content-disposition': `attachment; filename="exam-results-${examId}.csv"` },
    })
  })
