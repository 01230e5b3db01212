import { describe, expect, it } from 'vitest'
import type { CorrectionListStudent } from '../../../plugins/homework/contract/submissions.ts'
import { filterCounts, inFilter } from '../../../plugins/homework/correction/filters.ts'

const student = (studentId: number, status: CorrectionListStudent['status'], submitted: boolean): CorrectionListStudent => ({
  studentId,
  name: `Student ${studentId}`,
  status,
  dueAt: '2026-11-30T10:00:00.000Z',
  late: false,
  extendedDueAt: null,
  grade: null,
  provisional: false,
  marked: false,
  submittedAt: submitted ? '2026-11-27T10:00:00.000Z' : null,
  correctedAt: status === 'done' ? '2026-11-27T11:00:00.000Z' : null,
})

describe('the correction list’s groups', () => {
  const students = [
    student(1, 'not_viewed', false),
    student(2, 'in_progress', false),
    student(3, 'ready', true),
    student(4, 'done', true),
    // Corrected past due without a hand-in: marked, and still not handed in.
    student(5, 'done', false),
    student(6, 'uncompleted', false),
  ]

  it('counts each group; a draft is not handed in', () => {
    expect(filterCounts(students)).toEqual({ all: 6, toMark: 1, handedIn: 2, marked: 2, notHandedIn: 4 })
  })

  it('keeps only the students of the group chosen', () => {
    expect(students.filter((entry) => inFilter('toMark', entry)).map((entry) => entry.studentId)).toEqual([3])
    expect(students.filter((entry) => inFilter('notHandedIn', entry)).map((entry) => entry.studentId)).toEqual([1, 2, 5, 6])
  })
})
