/**
 * A class's homework grades as CSV for a spreadsheet: one row per student, one column per homework.
 *
 * - UTF-8 with a byte-order mark, so Excel on Windows reads Arabic names instead of mojibake.
 * - CRLF line ends and RFC 4180 quoting (a field with a comma, quote or line break is quoted, quotes doubled).
 * - A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so a
 *   student or homework named "=HYPERLINK(…)" is shown as text, never run as a formula (OWASP CSV injection).
 *   Numbers are written as numbers, with a dot, whatever the interface language: a spreadsheet parses them.
 * - A grade not given yet is an empty cell; the total column is the homework's total degree.
 * - Every homework's heading is unique: its title and due day, and a copy number when two share both.
 */
export interface GradeBookColumn {
  readonly title: string
  readonly totalDegree: number
  /** The due day in the teacher's calendar, YYYY-MM-DD (a spreadsheet reads it as a date). */
  readonly dueDay: string
}

export interface GradeBookRow {
  readonly studentName: string
  /** One entry per column, in the columns' order: the grade, or null when there is none yet. */
  readonly grades: ReadonlyArray<number | null>
}

export interface GradeBookHeadings {
  readonly student: string
  /**
   * A homework's heading from its title, due day and total degree, worded in the reader's language
   * ("Fractions, due 2026-12-10 (out of 10)"); `copy` is 2, 3… for the second, third… column with the same title and day, else 1.
   */
  readonly homework: (column: GradeBookColumn, copy: number) => string
}

const byteOrderMark = '\uFEFF'
const formulaStart = /^[=+\-@\t\r]/

const textCell = (value: string): string => {
  const safe = formulaStart.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const numberCell = (value: number | null): string => (value === null || !Number.isFinite(value) ? '' : String(Math.round(value * 100) / 100))

/** Each column's copy number among those with its title and due day (1 for the first, in the columns' order). */
const copyNumbers = (columns: ReadonlyArray<GradeBookColumn>): ReadonlyArray<number> => {
  const seen = new Map<string, number>()
  return columns.map((column) => {
    const key = JSON.stringify([column.title.trim(), column.dueDay])
    const copy = (seen.get(key) ?? 0) + 1
    seen.set(key, copy)
    return copy
  })
}

export const gradeBookCsv = (columns: ReadonlyArray<GradeBookColumn>, rows: ReadonlyArray<GradeBookRow>, headings: GradeBookHeadings): string => {
  const copies = copyNumbers(columns)
  const lines = [[headings.student, ...columns.map((column, index) => headings.homework(column, copies[index]!))].map(textCell).join(',')]
  for (const row of rows) lines.push([textCell(row.studentName), ...columns.map((_, index) => numberCell(row.grades[index] ?? null))].join(','))
  return byteOrderMark + lines.join('\r\n') + '\r\n'
}
