import { describe, expect, it } from 'vitest'
import { swipeStepOf } from '../../../plugins/homework/correction/swipe.ts'

describe('a swipe across a student’s work', () => {
  const phone = 390

  it('toward the inline start is the next student: leftward in English, rightward in Arabic', () => {
    expect(swipeStepOf({ dx: -200, dy: 10, rtl: false, width: phone })).toBe(1)
    expect(swipeStepOf({ dx: 200, dy: 10, rtl: false, width: phone })).toBe(-1)
    expect(swipeStepOf({ dx: 200, dy: 10, rtl: true, width: phone })).toBe(1)
    expect(swipeStepOf({ dx: -200, dy: 10, rtl: true, width: phone })).toBe(-1)
  })

  it('a short or slanted move is no swipe (a fifth of the screen, at least 48 px, twice as wide as tall)', () => {
    expect(swipeStepOf({ dx: -77, dy: 0, rtl: false, width: phone })).toBe(null)
    expect(swipeStepOf({ dx: -78, dy: 0, rtl: false, width: phone })).toBe(1)
    expect(swipeStepOf({ dx: -47, dy: 0, rtl: false, width: 200 })).toBe(null)
    expect(swipeStepOf({ dx: -200, dy: 101, rtl: false, width: phone })).toBe(null)
    expect(swipeStepOf({ dx: -200, dy: 100, rtl: false, width: phone })).toBe(1)
  })
})
