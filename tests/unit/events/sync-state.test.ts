import { describe, expect, it } from 'vitest'
import { emptySyncState, merge, type SyncState } from '../../../src/events/sync-state.ts'

type C = { id: string; name: string }
const c = (id: string): C => ({ id, name: 'v1.ProfileUpdateRequested' })
const state = (ids: string[], confirmedHead = 0, aside: string[] = []): SyncState<C> => ({ pending: ids.map(c), confirmedHead, setAside: aside.map(c) })

describe('merge', () => {
  it('enqueues a new command at the end of pending', () => {
    const result = merge(state(['a']), { kind: 'command', command: c('b') })
    expect(result.decision).toBe('enqueue')
    expect(result.state).toEqual(state(['a', 'b']))
  })

  it('enqueues into the empty state', () => {
    expect(merge<C>(emptySyncState, { kind: 'command', command: c('a') }).state).toEqual(state(['a']))
  })

  it('ignores a command that is already pending (delivered once)', () => {
    const before = state(['a'])
    const result = merge(before, { kind: 'command', command: c('a') })
    expect(result).toEqual({ decision: 'ignore', state: before, reason: 'duplicate-command' })
  })

  it('advances on the confirmation of the head', () => {
    const result = merge(state(['a', 'b'], 3), { kind: 'confirmed', commandId: 'a' })
    expect(result.decision).toBe('advance')
    expect(result.state).toEqual(state(['b'], 4))
    expect(result).toMatchObject({ command: c('a') })
  })

  it('advances on the confirmation of a later command, keeping the others in order', () => {
    expect(merge(state(['a', 'b', 'c']), { kind: 'confirmed', commandId: 'b' }).state).toEqual(state(['a', 'c'], 1))
  })

  it('rolls back a rejected command and still counts it as answered', () => {
    const result = merge(state(['a', 'b'], 1), { kind: 'rejected', commandId: 'a' })
    expect(result.decision).toBe('rollback')
    expect(result.state).toEqual(state(['b'], 2))
    expect(result).toMatchObject({ command: c('a') })
  })

  it('ignores a second answer to an answered command', () => {
    const answered = merge(state(['a']), { kind: 'confirmed', commandId: 'a' }).state
    for (const kind of ['confirmed', 'rejected'] as const) {
      expect(merge(answered, { kind, commandId: 'a' })).toEqual({ decision: 'ignore', state: answered, reason: 'unknown-command' })
    }
  })

  it('ignores events that are not about commands', () => {
    const before = state(['a'])
    expect(merge(before, { kind: 'fact' })).toEqual({ decision: 'ignore', state: before, reason: 'not-a-command' })
  })

  it('sets a failing command aside: out of the queue, so the ones behind it go on; not counted as answered', () => {
    const result = merge(state(['a', 'b'], 1), { kind: 'setAside', commandId: 'a' })
    expect(result.decision).toBe('setAside')
    expect(result.state).toEqual(state(['b'], 1, ['a']))
    expect(merge(result.state, { kind: 'setAside', commandId: 'a' })).toMatchObject({ decision: 'ignore', reason: 'unknown-command' })
  })

  it('a retried command goes back at the end of the queue, once', () => {
    const result = merge(state(['b'], 1, ['a']), { kind: 'retried', commandId: 'a' })
    expect(result.decision).toBe('enqueue')
    expect(result.state).toEqual(state(['b', 'a'], 1))
    expect(merge(result.state, { kind: 'retried', commandId: 'a' })).toMatchObject({ decision: 'ignore' })
  })

  it('a discarded set-aside command is rolled back and forgotten; a queued one cannot be discarded (it may be on its way)', () => {
    const result = merge(state(['b'], 1, ['a']), { kind: 'discarded', commandId: 'a' })
    expect(result.decision).toBe('rollback')
    expect(result.state).toEqual(state(['b'], 1))
    expect(merge(state(['b']), { kind: 'discarded', commandId: 'b' })).toMatchObject({ decision: 'ignore', reason: 'unknown-command' })
  })

  it('a command appended again while set aside is not queued twice', () => {
    expect(merge(state([], 0, ['a']), { kind: 'command', command: c('a') })).toMatchObject({ decision: 'ignore', reason: 'duplicate-command' })
  })

  it('never mutates the state it is given', () => {
    const before = state(['a', 'b'])
    const frozen = Object.freeze({ ...before, pending: Object.freeze([...before.pending]) })
    merge(frozen, { kind: 'command', command: c('c') })
    merge(frozen, { kind: 'confirmed', commandId: 'a' })
    merge(frozen, { kind: 'rejected', commandId: 'b' })
    expect(frozen).toEqual(state(['a', 'b']))
  })

  it('replaying the same events gives the same state (a reload rebuilds the queue)', () => {
    const events = [
      { kind: 'command', command: c('a') },
      { kind: 'command', command: c('b') },
      { kind: 'confirmed', commandId: 'a' },
      { kind: 'command', command: c('c') },
      { kind: 'rejected', commandId: 'c' },
      { kind: 'fact' },
      { kind: 'command', command: c('d') },
      { kind: 'command', command: c('e') },
      { kind: 'setAside', commandId: 'd' },
      { kind: 'setAside', commandId: 'e' },
      { kind: 'retried', commandId: 'd' },
      { kind: 'discarded', commandId: 'e' },
    ] as const
    const replay = () => events.reduce<SyncState<C>>((s, e) => merge(s, e).state, emptySyncState)
    expect(replay()).toEqual(state(['b', 'd'], 2))
    expect(replay()).toEqual(replay())
  })
})
