import { describe, expect, it } from 'vitest'
import { notViewed, type Target } from '../../../plugins/homework/server/submissions/record.ts'
import { studentView } from '../../../plugins/homework/server/submissions/views.ts'
import { presentationOrder } from '../../../plugins/homework/server/presentation-order.ts'
import { serverKeys } from '../../../server/services/server-keys.ts'
import { idsReproducing } from '../../support/public-seeded-shuffle.ts'
import { connect, rearrange } from '../fixtures/questions/build.ts'
import { noMaterials } from '../../../plugins/homework/contract/materials.ts'

/**
 * The order a student sees re-arrange items and connect right sides in (issue 19): keyed by the
 * server's secret, so nothing she sees or computes gives it away; the same on every read.
 */
const order = presentationOrder(serverKeys('test-secret-test-secret-test-secret'))
const keys = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `i${index + 1}` }))
const orderOf = (studentId: number, count: number, arranged = order, homeworkId = 7, questionId = 'q') =>
  arranged
    .arrange({ homeworkId, studentId, questionId }, keys(count))
    .map((item) => item.id.slice(1))
    .join('')
const tally = (orders: ReadonlyArray<string>) => orders.reduce((counts, entry) => counts.set(entry, (counts.get(entry) ?? 0) + 1), new Map<string, number>())
const now = '2026-12-01T12:00:00.000Z'
const students = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

const target = (studentId: number): Target => ({
  homeworkId: 7,
  classRoomId: 1,
  studentId,
  studentName: 'Student',
  title: 'Order',
  text: 'Put things in order.',
  type: 'quiz',
  quizMode: 'exam',
  answersRelease: 'afterGrading',
  lateWork: 'closed',
  subjectName: 'Science',
  questions: [rearrange(1, 10, 'steps'), connect(1, 10, 'match')],
  totalDegree: 2,
  startsAt: '2026-12-01T08:00:00.000Z',
  dueAt: '2026-12-02T08:00:00.000Z',
  classDueAt: '2026-12-02T08:00:00.000Z',
  extendedDueAt: null,
  lastDueAt: '2026-12-02T08:00:00.000Z',
})

describe("a student's order of re-arrange items and connect sides", () => {
  it('is not the public seeded shuffle of any student id from 1 to 3000: trying ids against the order shown finds nothing', () => {
    for (const studentId of [1, 42, 2999]) {
      const view = studentView(order, target(studentId), notViewed, [], noMaterials, now)
      const [steps, match] = view.questions
      if (steps?.type !== 6 || match?.type !== 8) throw new Error('types')
      const written = (prefix: string) => Array.from({ length: 10 }, (_, index) => `${prefix}${index + 1}`)
      expect(
        idsReproducing(
          written('i'),
          steps.items.map((item) => item.id),
          7,
          'steps',
          students(3000),
        ),
      ).toEqual([])
      expect(
        idsReproducing(
          written('r'),
          match.right.map((item) => item.id),
          7,
          'match',
          students(3000),
        ),
      ).toEqual([])
    }
  })

  it('is the same on every read, and another for another student, homework, question or server secret', () => {
    expect(studentView(order, target(5), notViewed, [], noMaterials, now).questions).toEqual(
      studentView(order, target(5), notViewed, [], noMaterials, now).questions,
    )
    expect(orderOf(5, 8)).toBe(orderOf(5, 8))
    expect(new Set(students(20).map((id) => orderOf(id, 8))).size).toBe(20)
    expect(orderOf(5, 8, order, 8)).not.toBe(orderOf(5, 8))
    expect(orderOf(5, 8, order, 7, 'other')).not.toBe(orderOf(5, 8))
    const another = presentationOrder(serverKeys('another-secret-another-secret-xx'))
    expect(students(20).filter((id) => orderOf(id, 8, another) === orderOf(id, 8)).length).toBeLessThanOrEqual(1)
  })

  it('three items: never the right order, and each of the five others about as often (no reversal or rotation rule)', () => {
    const counts = tally(students(1500).map((id) => orderOf(id, 3)))
    expect([...counts.keys()].sort()).toEqual(['132', '213', '231', '312', '321'])
    // 300 each expected; a fixed rule (the right order turned by one) would make one order 500.
    for (const [entry, count] of counts) expect(count, entry).toBeGreaterThan(240)
    for (const [entry, count] of counts) expect(count, entry).toBeLessThan(360)
  })

  it('more items: never the right order', () => {
    for (const count of [4, 5, 8, 20])
      for (const id of students(200))
        expect(orderOf(id, count)).not.toBe(
          keys(count)
            .map((item) => item.id.slice(1))
            .join(''),
        )
  })

  it('two items (stored before three were required): either order, about half each, so the order shown says nothing', () => {
    const counts = tally(students(1000).map((id) => orderOf(id, 2)))
    expect([...counts.keys()].sort()).toEqual(['12', '21'])
    expect(counts.get('21')).toBeGreaterThan(420)
    expect(counts.get('21')).toBeLessThan(580)
  })
})
