import { describe, expect, it } from 'vitest'
import { answersInTime, deadlineOf, pastGrace, remainingMs, serverOffsetOf } from '../../../plugins/exams/contract/attempt-clock.ts'
import { examOrder } from '../../../plugins/exams/server/take-exam/exam-order.ts'
import { examLinks } from '../../../plugins/exams/server/take-exam/links.ts'
import { serverKeys } from '../../../server/services/server-keys.ts'

const minute = 60_000
const start = Date.parse('2026-12-01T08:00:00Z')

describe("the attempt's clock", () => {
  it('gives the duration from her start, plus her extra time, never past the end of the exam', () => {
    const facts = { startedAt: start, durationMinutes: 60, extraTimePercent: 0, endsAt: start + 3 * 60 * minute }
    expect(deadlineOf(facts)).toBe(start + 60 * minute)
    expect(deadlineOf({ ...facts, extraTimePercent: 25 })).toBe(start + 75 * minute)
    expect(deadlineOf({ ...facts, extraTimePercent: 200 })).toBe(start + 180 * minute)
    // One minute less of window than her time: the end of the window is her deadline.
    expect(deadlineOf({ ...facts, endsAt: start + 59 * minute })).toBe(start + 59 * minute)
    expect(deadlineOf({ ...facts, extraTimePercent: 50, endsAt: start + 90 * minute })).toBe(start + 90 * minute)
  })

  it('keeps answers given by the deadline that arrive by the end of the grace period, and no others', () => {
    const deadlineAt = start + 30 * minute
    const timing = { startedAt: start, deadlineAt, graceSeconds: 120 }
    expect(answersInTime({ ...timing, givenAt: deadlineAt, now: deadlineAt })).toBe(true)
    expect(answersInTime({ ...timing, givenAt: deadlineAt - 1, now: deadlineAt + 120_000 })).toBe(true)
    expect(answersInTime({ ...timing, givenAt: deadlineAt - 1, now: deadlineAt + 120_001 })).toBe(false)
    expect(answersInTime({ ...timing, givenAt: deadlineAt + 1, now: deadlineAt + 1 })).toBe(false)
    // A device clock ahead of the server's: they count as given when they arrived.
    expect(answersInTime({ ...timing, givenAt: deadlineAt + 60_000, now: deadlineAt - 1 })).toBe(true)
    expect(pastGrace(deadlineAt + 120_000, deadlineAt, 120)).toBe(false)
    expect(pastGrace(deadlineAt + 120_001, deadlineAt, 120)).toBe(true)
  })

  it("counts down by the server's clock, whatever the device's says", () => {
    // The device is five minutes behind the server.
    const offset = serverOffsetOf('2026-12-01T08:10:00.000Z', start + 5 * minute)
    expect(offset).toBe(5 * minute)
    expect(remainingMs('2026-12-01T08:30:00.000Z', start + 5 * minute, offset)).toBe(20 * minute)
    expect(remainingMs('2026-12-01T08:30:00.000Z', start + 40 * minute, offset)).toBe(0)
  })
})

describe('links and orders keyed by the server', () => {
  const keys = serverKeys('a-secret-of-the-server-a-secret-of-the-server')
  const other = serverKeys('another-secret-another-secret-another-secret')

  it("makes each attempt's link from the server's key; another key makes another link; only its hash is stored", () => {
    const links = examLinks(keys)
    const token = links.tokenOf(7, 42)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u)
    expect(links.tokenOf(7, 42)).toBe(token)
    expect(links.tokenOf(7, 43)).not.toBe(token)
    expect(links.tokenOf(8, 42)).not.toBe(token)
    expect(examLinks(other).tokenOf(7, 42)).not.toBe(token)
    expect(links.hashOf(token)).toMatch(/^[0-9a-f]{64}$/u)
    expect(links.hashOf(token)).not.toContain(token)
  })

  it('orders questions per student under the key, never shows re-arrange items in their right order, and keeps the built order when asked', () => {
    const order = examOrder(keys)
    const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }))
    const orders = new Set(
      Array.from({ length: 40 }, (_, studentId) =>
        order
          .questions({ examId: 1, studentId }, true, items)
          .map((item) => item.id)
          .join(''),
      ),
    )
    expect(orders.size).toBeGreaterThan(30)
    expect(order.questions({ examId: 1, studentId: 1 }, true, items)).toEqual(order.questions({ examId: 1, studentId: 1 }, true, items))
    expect(order.questions({ examId: 1, studentId: 1 }, false, items)).toEqual(items)
    expect(examOrder(other).questions({ examId: 1, studentId: 1 }, true, items)).not.toEqual(order.questions({ examId: 1, studentId: 1 }, true, items))
    for (let studentId = 0; studentId < 200; studentId += 1)
      expect(order.arrange({ examId: 1, studentId }, 'q', items.slice(0, 3)).map((item) => item.id)).not.toEqual(['a', 'b', 'c'])
  })
})
