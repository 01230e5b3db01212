import { describe, expect, it } from 'vitest'
import { makeEvent } from '../../../src/events/events.ts'
import { profileProjection } from '../../../src/events/projections.ts'
import { confirmed, loaded, rejected, update, userInfo } from './fixtures.ts'

describe('profileProjection', () => {
  it('is empty before anything is loaded', () => {
    expect(profileProjection([])).toEqual({ profile: null, pendingCount: 0, lastRejection: null })
  })

  it('shows the last loaded profile', () => {
    expect(profileProjection([loaded(userInfo), loaded({ ...userInfo, firstName: 'Huda' })]).profile?.firstName).toBe('Huda')
  })

  it('applies a pending update optimistically', () => {
    const view = profileProjection([loaded(userInfo), update('Noor')])
    expect(view.profile).toEqual({ ...userInfo, firstName: 'Noor' })
    expect(view.pendingCount).toBe(1)
  })

  it('applies pending updates in order, the newest winning', () => {
    expect(profileProjection([loaded(userInfo), update('A'), update('B')]).profile?.firstName).toBe('B')
  })

  it('keeps pending updates on top of a newer server read (rebase)', () => {
    const view = profileProjection([loaded(userInfo), update('Noor'), loaded({ ...userInfo, image: '/img/u-1.png', version: 2 })])
    expect(view.profile).toMatchObject({ firstName: 'Noor', image: '/img/u-1.png', version: 2 })
  })

  it('a confirmation makes the server answer the new base', () => {
    const command = update('Noor')
    const saved = { ...userInfo, firstName: 'Noor', version: 2 }
    const view = profileProjection([loaded(userInfo), command, confirmed(command.id, saved)])
    expect(view).toEqual({ profile: saved, pendingCount: 0, lastRejection: null })
  })

  it('a rejection rolls the optimistic change back and says why', () => {
    const command = update('Noor')
    const view = profileProjection([loaded(userInfo), command, rejected(command.id, 400, 'Email already used')])
    expect(view.profile).toEqual(userInfo)
    expect(view.pendingCount).toBe(0)
    expect(view.lastRejection).toEqual({ commandId: command.id, commandName: 'v1.ProfileUpdateRequested', code: 400, message: 'Email already used' })
  })

  it('a rejection rolls back only its own command', () => {
    const first = update('First')
    const second = update('Second')
    const view = profileProjection([loaded(userInfo), first, second, rejected(second.id)])
    expect(view.profile?.firstName).toBe('First')
    expect(view.pendingCount).toBe(1)
  })

  it('ignores answers to commands it never saw', () => {
    expect(profileProjection([loaded(userInfo), confirmed('nope', { ...userInfo, firstName: 'X' }), rejected('nope')])).toEqual({
      profile: userInfo,
      pendingCount: 0,
      lastRejection: null,
    })
  })

  it('counts a pending image upload without changing the profile', () => {
    const image = makeEvent('v1.ProfileImageUploadRequested', { bytes: new Uint8Array([1, 2, 3]), type: 'image/png', size: 3 })
    const view = profileProjection([loaded(userInfo), image])
    expect(view).toMatchObject({ profile: userInfo, pendingCount: 1 })
  })

  it('holds pending updates until a profile is loaded', () => {
    expect(profileProjection([update('Noor')])).toMatchObject({ profile: null, pendingCount: 1 })
  })
})

describe('makeEvent', () => {
  it('refuses a payload that does not match the schema', () => {
    expect(() => makeEvent('v1.CommandRejected', { commandId: 'a', code: 400 } as never)).toThrow()
  })

  it('gives each event a fresh id and a time', () => {
    const a = update('A')
    const b = update('A')
    expect(a.id).not.toBe(b.id)
    expect(typeof a.at).toBe('number')
  })
})
