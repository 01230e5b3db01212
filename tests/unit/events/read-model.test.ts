import { describe, expect, it } from 'vitest'
import { project } from '../../../src/events/fold.ts'
import { readWithPending } from '../../../src/events/read-model.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../../src/events/types.ts'

/** A page's one model of a record: the server's read or this device's newer answer, with its waiting commands applied. */
type Work = { readonly id: number; readonly version: number; readonly text: string }
type Write = { readonly id: number; readonly text: string }
const writes = defineProjection<null, Lifecycle<Write>>({
  id: 'writes',
  initial: null,
  reducers: {},
  lifecycle: { commands: ['v1.WriteRequested'], recordOf: (command) => (command.payload as Write).id },
  view: (_, lifecycle) => lifecycle,
})
const write = (id: string, record: number, text: string): LogEvent<Write> => ({ id, name: 'v1.WriteRequested', payload: { id: record, text }, at: 0 })
const confirmed = (commandId: string, result: Work): LogEvent => ({ id: `a-${commandId}`, name: 'v1.CommandConfirmed', payload: { commandId, result }, at: 0 })
const applyWrite = (work: Work, command: LogEvent<Write>): Work => ({ ...work, text: command.payload.text })

describe('one model of a record for a page', () => {
  it('is the read with the waiting writes of that record applied, oldest first', () => {
    const lifecycle = project(writes, [write('w1', 7, 'first'), write('w2', 8, 'other'), write('w3', 7, 'second')])
    const model = readWithPending({ id: 7, version: 1, text: 'server' }, lifecycle, 7, applyWrite)
    expect(model?.value).toEqual({ id: 7, version: 1, text: 'second' })
    expect(model?.confirmed.text).toBe('server')
    expect(model?.waiting.map((c) => c.id)).toEqual(['w1', 'w3'])
  })

  it('takes a write’s answer when it is newer than the read, and the read when it is newer than the answer', () => {
    const lifecycle = project(writes, [write('w1', 7, 'mine'), confirmed('w1', { id: 7, version: 2, text: 'mine' })])
    expect(readWithPending({ id: 7, version: 1, text: 'read before' }, lifecycle, 7, applyWrite)?.value).toEqual({ id: 7, version: 2, text: 'mine' })
    expect(readWithPending({ id: 7, version: 3, text: 'changed elsewhere' }, lifecycle, 7, applyWrite)?.value.text).toBe('changed elsewhere')
    expect(readWithPending(null, lifecycle, 7, applyWrite)).toBeNull()
  })
})
