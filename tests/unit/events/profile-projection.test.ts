import { describe, expect, it } from 'vitest'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import { rebaseExpectedVersion } from '../../../plugins/profile/projection.ts'
import { confirmed, conflictRejected, event, loaded, profileCompaction, profileView, rejected, update, userInfo } from './fixtures.ts'

describe('profile projection', () => {
  it('is empty before anything is loaded', () => {
    expect(profileView([])).toEqual({ profile: null, confirmed: null, pendingCount: 0, lastRejection: null, conflict: null, ownVersions: [], lastSaved: null })
  })

  it('applies pending updates in order on top of the newest server read (rebase)', () => {
    const view = profileView([loaded(userInfo), update('A'), update('B'), loaded({ ...userInfo, image: '/img/u-1.png', version: 2 })])
    expect(view.profile).toMatchObject({ firstName: 'B', image: '/img/u-1.png', version: 2 })
    expect(view.pendingCount).toBe(2)
  })

  it('a confirmation makes the server answer the new base and records the version this device produced', () => {
    const command = update('Noor')
    const saved = { ...userInfo, firstName: 'Noor', version: 2 }
    const view = profileView([loaded(userInfo), command, confirmed(command.id, saved)])
    expect(view).toMatchObject({ profile: saved, confirmed: saved, pendingCount: 0, lastRejection: null, ownVersions: [2], lastSaved: command.id })
  })

  it('a rejection rolls back only its own command and says why', () => {
    const first = update('First')
    const second = update('Second')
    const view = profileView([loaded(userInfo), first, second, rejected(second.id, 115, 'Email already used')])
    expect(view.profile?.firstName).toBe('First')
    expect(view.lastRejection).toEqual({
      commandId: second.id,
      commandName: profileEventNames.updateRequested,
      code: 115,
      message: 'Email already used',
      fields: {},
    })
    // "Saved" is not said for a save the server refused.
    expect(view.lastSaved).toBeNull()
  })

  it('a "changed elsewhere" refusal is a conflict to resolve, not a plain rejection, and resolving it clears it', () => {
    const mine = update('Mine', 1)
    const refused = [loaded(userInfo), mine, conflictRejected(mine.id)]
    const view = profileView(refused)
    expect(view.lastRejection).toBeNull()
    expect(view.conflict).toMatchObject({ commandId: mine.id, mine: { firstName: 'Mine', expectedVersion: 1 } })
    expect(view.profile?.firstName).toBe('Mona') // nothing overwritten, nothing pretended
    expect(profileView([...refused, event(profileEventNames.conflictResolved, { commandId: mine.id, choice: 'theirs' })]).conflict).toBeNull()
  })

  it('ignores answers to commands it never saw', () => {
    expect(profileView([loaded(userInfo), confirmed('nope', { ...userInfo, firstName: 'X' }), rejected('nope')])).toMatchObject({
      profile: userInfo,
      pendingCount: 0,
      lastRejection: null,
    })
  })
})

describe('expected version rebase', () => {
  it("moves past versions this device's own saves produced, and no further", () => {
    expect(rebaseExpectedVersion(3, [4, 5])).toBe(5)
    expect(rebaseExpectedVersion(3, [5])).toBe(3) // version 4 came from elsewhere: a real conflict
    expect(rebaseExpectedVersion(null, [2])).toBeNull()
  })
  it('a read older than one the log holds changes nothing (the page gives every read it makes; the newest version stands)', () => {
    const newer = loaded({ ...userInfo, firstName: 'Newer', version: 2 })
    const older = loaded(userInfo)
    expect(profileView([newer, older]).profile).toMatchObject({ firstName: 'Newer', version: 2 })
    expect(profileCompaction([newer, older])).toEqual([older.id])
  })
})

describe('profile compaction rule', () => {
  it('keeps an answer newer than every read, though an older read came after it', () => {
    const save = update('Saved', 1)
    const answer = confirmed(save.id, { ...userInfo, firstName: 'Saved', version: 2 })
    const events = [loaded(userInfo), save, answer, loaded(userInfo)]
    const dropped = new Set(profileCompaction(events))
    const kept = events.filter((e) => !dropped.has(e.id))
    expect(kept.map((e) => e.id)).toEqual([save.id, answer.id, events[3]!.id])
    expect(profileView(kept).profile).toMatchObject({ firstName: 'Saved', version: 2 })
  })

  it('drops answered commands a newer read covers, keeps unanswered ones and unresolved conflicts', () => {
    const done = update('Done')
    const refused = update('Refused')
    const waiting = update('Waiting')
    const clash = update('Clash')
    const later = update('Later')
    const events = [
      loaded(userInfo),
      done,
      confirmed(done.id, userInfo),
      refused,
      rejected(refused.id),
      waiting,
      clash,
      conflictRejected(clash.id),
      loaded(userInfo),
      later,
      confirmed(later.id, userInfo),
    ]
    const dropped = new Set(profileCompaction(events))
    expect(events.filter((e) => !dropped.has(e.id)).map((e) => e.id)).toEqual([waiting.id, clash.id, events[7]!.id, events[8]!.id, later.id, events[10]!.id])
  })

  it("keeps this device's confirmed saves a waiting save still rebases over, so a reload does not turn it into a conflict", () => {
    const first = update('First', 1)
    const waiting = update('Waiting', 1)
    const events = [loaded(userInfo), first, confirmed(first.id, { ...userInfo, version: 2 }), waiting, loaded({ ...userInfo, version: 2 })]
    const dropped = new Set(profileCompaction(events))
    const kept = events.filter((e) => !dropped.has(e.id))
    expect(kept.map((e) => e.id)).toEqual([first.id, events[2]!.id, waiting.id, events[4]!.id])
    expect(rebaseExpectedVersion(1, profileView(kept).ownVersions)).toBe(2)
  })

  it('drops a conflict once it is resolved and a newer read came after', () => {
    const clash = update('Clash')
    const resolved = event(profileEventNames.conflictResolved, { commandId: clash.id, choice: 'theirs' })
    const events = [clash, conflictRejected(clash.id), resolved, loaded(userInfo)]
    expect(profileCompaction(events)).toEqual([clash.id, events[1]!.id, resolved.id])
  })

  it('keeps everything when nothing has been read from the server', () => {
    const a = update('A')
    expect(profileCompaction([a, confirmed(a.id, userInfo)])).toEqual([])
  })
})
