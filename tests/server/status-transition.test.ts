import { describe, expect, it } from 'vitest'
import { sessionMachine } from '../../machines/session.machine.ts'
import { checkTransition } from '../../server/status/transition.ts'

const context = { session: null, error: null, now: () => 0 } as never

describe('status changes are checked with the machine definitions the client runs', () => {
  it('a handled event moves a stored status to the state the machine defines', () => {
    expect(checkTransition(sessionMachine, { value: 'signedOut', context }, { type: 'session.signIn', email: 'a@b.c', password: 'x' })).toEqual({
      allowed: true,
      next: { signingIn: 'withPassword' },
    })
    expect(checkTransition(sessionMachine, { value: { signedIn: 'active' }, context }, { type: 'session.expired' })).toEqual({
      allowed: true,
      next: 'renewing',
    })
  })

  it('an event the stored state does not handle is refused', () => {
    expect(checkTransition(sessionMachine, { value: 'signedOut', context }, { type: 'session.signOut' })).toEqual({ allowed: false })
    expect(checkTransition(sessionMachine, { value: 'signedOut', context }, { type: 'session.stay' })).toEqual({ allowed: false })
  })

  it('guards count: a refused guard is a refused change', () => {
    // Hidden → active only when the tab is visible (guard isTabVisible reads the event).
    expect(checkTransition(sessionMachine, { value: { signedIn: 'hidden' }, context }, { type: 'session.visibilityChanged', visible: false })).toEqual({
      allowed: false,
    })
    expect(checkTransition(sessionMachine, { value: { signedIn: 'hidden' }, context }, { type: 'session.visibilityChanged', visible: true })).toEqual({
      allowed: true,
      next: { signedIn: 'active' },
    })
  })
})
