import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forgetAllUnsent, keepUnsent, takeUnsent } from '../../../plugins/exams/take-exam/unsent-answers.ts'

/** The tab's sessionStorage, as the browser gives it (Node has none). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
}

const kept = { answers: { q1: { type: 3, value: true }, q2: { type: 4, text: 'Half of eight is four.' } }, markedForReview: ['q2'] } as const

describe("a student's answers kept as the page goes away", () => {
  let storage: MemoryStorage
  beforeEach(() => {
    storage = new MemoryStorage()
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true })
  })
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage')
  })

  it('gives back what was kept for her link, once, and nothing for another link', () => {
    keepUnsent('link-a', kept)
    expect(takeUnsent('link-b')).toBeNull()
    expect(takeUnsent('link-a')).toEqual(kept)
    expect(takeUnsent('link-a')).toBeNull()
  })

  it('forgets what was kept when asked to (nothing pending as she left, or back from the back-forward cache)', () => {
    keepUnsent('link-a', kept)
    keepUnsent('link-a', null)
    expect(takeUnsent('link-a')).toBeNull()
  })

  it('reads nothing from a kept value that is not answers (edited, or of an older version)', () => {
    storage.setItem('fasl-exam-unsent:link-a', '{"answers":{"q1":{"type":99}},"markedForReview":[]}')
    expect(takeUnsent('link-a')).toBeNull()
    storage.setItem('fasl-exam-unsent:link-a', 'not json')
    expect(takeUnsent('link-a')).toBeNull()
    expect(storage.length).toBe(0)
  })

  it('"Switch student" forgets every link kept in the tab, and nothing else', () => {
    keepUnsent('link-a', kept)
    keepUnsent('link-b', kept)
    storage.setItem('fasl-session', 'kept')
    forgetAllUnsent()
    expect(takeUnsent('link-a')).toBeNull()
    expect(takeUnsent('link-b')).toBeNull()
    expect(storage.getItem('fasl-session')).toBe('kept')
  })
})
