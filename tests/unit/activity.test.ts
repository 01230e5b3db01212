import { describe, expect, it, vi } from 'vitest'
import { activity$, visibility$ } from '../../src/session/activity.ts'

class FakeDocument extends EventTarget {
  visibilityState = 'visible'
  hide() {
    this.visibilityState = 'hidden'
    this.dispatchEvent(new Event('visibilitychange'))
  }
  show() {
    this.visibilityState = 'visible'
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

describe('activity$', () => {
  it('hears mouse, key, focus, touch and wheel activity', () => {
    for (const name of ['mousemove', 'mousedown', 'keydown', 'focus', 'touchstart', 'wheel']) {
      const target = new EventTarget()
      const seen: unknown[] = []
      const subscription = activity$(target).subscribe((value) => seen.push(value))
      target.dispatchEvent(new Event(name))
      expect(seen, name).toHaveLength(1)
      subscription.unsubscribe()
    }
  })

  it('ignores events that are not interaction', () => {
    const target = new EventTarget()
    const seen: unknown[] = []
    activity$(target).subscribe((value) => seen.push(value))
    target.dispatchEvent(new Event('resize'))
    expect(seen).toHaveLength(0)
  })

  it('emits once per second of continuous activity', () => {
    vi.useFakeTimers()
    try {
      const target = new EventTarget()
      const seen: unknown[] = []
      activity$(target).subscribe((value) => seen.push(value))
      for (let ms = 0; ms < 2500; ms += 100) {
        target.dispatchEvent(new Event('mousemove'))
        vi.advanceTimersByTime(100)
      }
      expect(seen).toHaveLength(3) // at 0, 1000 and 2000 ms
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops listening when unsubscribed', () => {
    const target = new EventTarget()
    const remove = vi.spyOn(target, 'removeEventListener')
    activity$(target).subscribe().unsubscribe()
    expect(remove).toHaveBeenCalledTimes(6)
  })
})

describe('visibility$', () => {
  it('emits the current visibility, then each change once', () => {
    const doc = new FakeDocument()
    const seen: boolean[] = []
    visibility$(doc).subscribe((visible) => seen.push(visible))
    doc.hide()
    doc.hide()
    doc.show()
    expect(seen).toEqual([true, false, true])
  })

  it('starts hidden when the tab opens in the background', () => {
    const doc = new FakeDocument()
    doc.visibilityState = 'hidden'
    const seen: boolean[] = []
    visibility$(doc).subscribe((visible) => seen.push(visible))
    expect(seen).toEqual([false])
  })
})
