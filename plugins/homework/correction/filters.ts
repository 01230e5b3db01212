import type { CorrectionListStudent } from '../contract/submissions.ts'

/**
 * The correction list's groups, as Google Classroom sorts its students' work: handed in, to mark
 * (handed in, not marked corrected yet), marked (corrected) and not handed in. They overlap (work
 * marked is handed in too, unless it was corrected past due without a hand-in); "all" shows everyone.
 */
export const correctionFilters = ['all', 'toMark', 'handedIn', 'marked', 'notHandedIn'] as const
export type CorrectionFilter = (typeof correctionFilters)[number]

export const isCorrectionFilter = (value: string): value is CorrectionFilter => (correctionFilters as ReadonlyArray<string>).includes(value)

const belongs: Readonly<Record<CorrectionFilter, (student: CorrectionListStudent) => boolean>> = {
  all: () => true,
  handedIn: (student) => student.submittedAt !== null,
  toMark: (student) => student.status === 'ready',
  marked: (student) => student.status === 'done',
  notHandedIn: (student) => student.submittedAt === null,
}

export const inFilter = (filter: CorrectionFilter, student: CorrectionListStudent): boolean => belongs[filter](student)

/** How many students each group holds, for the filter's labels. */
export const filterCounts = (students: ReadonlyArray<CorrectionListStudent>): Readonly<Record<CorrectionFilter, number>> =>
  Object.fromEntries(correctionFilters.map((filter) => [filter, students.filter(belongs[filter]).length])) as Record<CorrectionFilter, number>
