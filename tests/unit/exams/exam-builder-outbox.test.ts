import { describe, expect, it } from 'vitest'
import { examBuilderEventNames as names, examRefusalDismissed } from '../../../plugins/exams/builder/events.ts'
import { examBuilderProjection, type ExamBuilderView } from '../../../plugins/exams/builder/projection.ts'
import { compaction, project } from '../../../src/events/fold.ts'
import { ledgerOf } from '../../../src/events/lifecycle.ts'
import { rebaseVersion } from '../../../src/events/rebase-version.ts'
import type { LogEvent } from '../../../src/events/types.ts'

let sequence = 0
const event = <P>(name: string, payload: P, id = `e-${++sequence}`): LogEvent<P> => ({ id, name, payload, at: sequence })
const save = (examId: number, version: number, title: string) => event(names.updateRequested, { examId, version, title })
const create = (title: string) => event(names.createRequested, { title })
const confirmed = (commandId: string, version: number) => event('v1.CommandConfirmed', { commandId, result: { version } })
const refused = (commandId: string) => event('v1.CommandRejected', { commandId, code: 139, message: 'Changed elsewhere.' })

const commandNames = new Set<string>(Object.values(names))
const viewOf = (events: ReadonlyArray<LogEvent>) =>
  project(
    examBuilderProjection,
    events,
    ledgerOf(events, (name) => commandNames.has(name)),
  ) as ExamBuilderView

describe("the exam builder's outbox view", () => {
  it('rebases a second offline save of an exam on the version the first one produced, and only that exam', () => {
    const first = save(7, 3, 'One')
    const second = save(7, 3, 'Two')
    const other = save(8, 3, 'Other')
    const events = [first, second, other, confirmed(first.id, 4)]
    const view = viewOf(events)
    expect(view.ownVersions['7']).toEqual([4])
    // The second was made against 3, before the first was sent: it goes at 4, the first's answer.
    expect(rebaseVersion(3, view.ownVersions['7'])).toBe(4)
    expect(rebaseVersion(3, view.ownVersions['8'] ?? [])).toBe(3)
    // Another device's change leaves a gap: still sent at its own version, and refused as stale.
    expect(rebaseVersion(2, view.ownVersions['7'])).toBe(2)
    // The first's answer stays in the log while the second waits on it.
    expect(
      compaction(
        events,
        ledgerOf(events, (name) => commandNames.has(name)),
        [examBuilderProjection],
      ).has(first.id),
    ).toBe(false)
  })

  it('offers the newest refused save of each exam to reopen until a later save of it, or until she dismisses it', () => {
    const refusedSave = save(7, 3, 'Mine')
    const refusedCreate = create('New one')
    const events: LogEvent[] = [refusedSave, refusedCreate, refused(refusedSave.id), refused(refusedCreate.id)]
    expect(viewOf(events).refusedSaves.map((answer) => answer.command.id)).toEqual([refusedSave.id, refusedCreate.id])
    // Kept at compaction: it is her work.
    const kept = compaction(
      events,
      ledgerOf(events, (name) => commandNames.has(name)),
      [examBuilderProjection],
    )
    expect(kept.has(refusedSave.id)).toBe(false)
    // Saved again: the refusal is no longer offered, and compaction may drop it.
    const again = save(7, 4, 'Mine')
    const later = [...events, again, confirmed(again.id, 5)]
    expect(viewOf(later).refusedSaves.map((answer) => answer.command.id)).toEqual([refusedCreate.id])
    expect(
      compaction(
        later,
        ledgerOf(later, (name) => commandNames.has(name)),
        [examBuilderProjection],
      ).has(refusedSave.id),
    ).toBe(true)
    // Dismissed: gone too, and the dismissal with it once its save is dropped.
    const dismissal = event(examRefusalDismissed, { commandId: refusedCreate.id })
    const dismissed = [...later, dismissal]
    expect(viewOf(dismissed).refusedSaves).toEqual([])
    const dropped = compaction(
      dismissed,
      ledgerOf(dismissed, (name) => commandNames.has(name)),
      [examBuilderProjection],
    )
    expect(dropped.has(refusedCreate.id)).toBe(true)
    expect(dropped.has(dismissal.id)).toBe(true)
  })
})
