import { describe, expect, it } from 'vitest'
import { answersReleased, answersReleases, defaultAnswersRelease, type ReleaseMoment } from '../../../plugins/homework/contract/answers-release.ts'

/** When a student may see the right answers (plugins/homework/contract/answers-release.ts). */
const due = '2026-12-02T08:00:00.000Z'
const before = '2026-12-02T07:59:59.000Z'
const later = '2026-12-05T08:00:00.000Z'
const answering: ReleaseMoment = { status: 'in_progress', submittedAt: null, dueAt: due, lastDueAt: due, mayStillAnswer: true, now: before }
const handedIn: ReleaseMoment = { status: 'ready', submittedAt: '2026-12-01T09:00:00.000Z', dueAt: due, lastDueAt: due, mayStillAnswer: false, now: before }
const pastDue: ReleaseMoment = { ...handedIn, now: due }
const corrected: ReleaseMoment = { ...handedIn, status: 'done' }

describe('answersReleased', () => {
  it('never releases them with "never", even corrected and past due', () => {
    for (const moment of [answering, handedIn, pastDue, { ...pastDue, status: 'done' as const }]) expect(answersReleased('never', moment)).toBe(false)
  })
  it('after hand-in: once handed in, or once her due date passed unhanded (her work can no longer change)', () => {
    expect(answersReleased('afterHandIn', answering)).toBe(false)
    expect(answersReleased('afterHandIn', handedIn)).toBe(true)
    expect(answersReleased('afterHandIn', { ...answering, status: 'uncompleted', mayStillAnswer: false, now: due })).toBe(true)
  })
  it('after the due date: from the due instant on, handed in or not', () => {
    expect(answersReleased('afterDue', handedIn)).toBe(false)
    expect(answersReleased('afterDue', pastDue)).toBe(true)
    expect(answersReleased('afterDue', { ...answering, mayStillAnswer: false, now: due })).toBe(true)
  })
  it('never to a student who may still hand in (late work accepted, her due date extended), whatever the setting', () => {
    const lateOpen: ReleaseMoment = { ...answering, status: 'uncompleted', now: later, lastDueAt: later }
    for (const release of answersReleases) expect(answersReleased(release, lateOpen), release).toBe(false)
  })
  it("after the due date waits for the last one: nobody reads them before a classmate's extension ends", () => {
    const extended = { ...pastDue, lastDueAt: later }
    expect(answersReleased('afterDue', extended)).toBe(false)
    expect(answersReleased('afterDue', { ...extended, now: later })).toBe(true)
  })
  it('after grading: only once corrected', () => {
    expect(answersReleased('afterGrading', pastDue)).toBe(false)
    expect(answersReleased('afterGrading', corrected)).toBe(true)
  })
  it('defaults to after hand-in for a training quiz, after grading for anything else', () => {
    expect(defaultAnswersRelease('quiz', 'training')).toBe('afterHandIn')
    expect(defaultAnswersRelease('quiz', 'exam')).toBe('afterGrading')
    expect(defaultAnswersRelease('homework', null)).toBe('afterGrading')
  })
})
