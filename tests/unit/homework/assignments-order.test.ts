import { describe, expect, it } from 'vitest'
import { byOpenFirst } from '../../../plugins/homework/pages/assignments-order.ts'

const now = Date.parse('2026-11-23T12:00:00Z')
const at = (id: number, dueAt: string) => ({ id, dueAt })

describe('the order of the Assignments page', () => {
  it('puts open work first, the soonest due on top, then closed work, the latest closed on top', () => {
    const lines = [at(1, '2026-11-20T12:00:00Z'), at(2, '2026-12-01T12:00:00Z'), at(3, '2026-11-22T12:00:00Z'), at(4, '2026-11-24T12:00:00Z')]
    expect([...lines].sort((a, b) => byOpenFirst(a, b, now)).map((line) => line.id)).toEqual([4, 2, 3, 1])
  })
  it('counts work due exactly now as closed, and one due a millisecond later as open', () => {
    const lines = [at(1, '2026-11-23T12:00:00.000Z'), at(2, '2026-11-23T12:00:00.001Z')]
    expect([...lines].sort((a, b) => byOpenFirst(a, b, now)).map((line) => line.id)).toEqual([2, 1])
  })
  it('keeps work due at the same moment in the order it was set', () => {
    expect([at(7, '2026-12-01T12:00:00Z'), at(5, '2026-12-01T12:00:00Z')].sort((a, b) => byOpenFirst(a, b, now)).map((line) => line.id)).toEqual([5, 7])
  })
})
