import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { openEventLog } from '../../../src/events/log.ts'
import { event, loaded, update, userInfo } from './fixtures.ts'

let n = 0
const freshDb = () => `log-test-${++n}-${Math.random()}`
const values = async (log: Awaited<ReturnType<typeof openEventLog>>) => (await log.readRecords()).map((r) => r.value)

describe('event log', () => {
  it('reads back what was appended, in order, across reopening', async () => {
    const name = freshDb()
    const first = await openEventLog(name)
    const events = [loaded(userInfo), update('A'), update('B')]
    for (const e of events) await first.append(e)
    first.close()
    const second = await openEventLog(name)
    expect(await values(second)).toEqual(events)
    second.close()
  })

  it('separate database names do not share events', async () => {
    const a = await openEventLog(freshDb())
    const b = await openEventLog(freshDb())
    await a.append(update('A'))
    expect(await values(b)).toEqual([])
    a.close()
    b.close()
  })

  it('keeps file bytes in their own store, and drops a file once no event refers to it', async () => {
    const log = await openEventLog(freshDb())
    await log.putFile('f-1', new Uint8Array([137, 80, 78, 71]))
    await log.putFile('f-2', new Uint8Array([1]))
    const image = event('v2.ProfileImageUploadRequested', { fileId: 'f-1', type: 'image/png', size: 4 })
    const other = event('v2.ProfileImageUploadRequested', { fileId: 'f-2', type: 'image/png', size: 1 })
    await log.append(image)
    await log.append(other)
    expect(await log.getFile('f-1')).toEqual(new Uint8Array([137, 80, 78, 71]))
    expect(await log.drop(new Set([image.id]))).toBe(1)
    expect(await log.getFile('f-1')).toBeUndefined()
    expect(await log.getFile('f-2')).toEqual(new Uint8Array([1]))
    expect(await values(log)).toEqual([other])
    log.close()
  })

  it('moves an unreadable record aside with the reason, out of the log', async () => {
    const log = await openEventLog(freshDb())
    await log.append({ nonsense: true } as never)
    const kept = update('Kept')
    await log.append(kept)
    const [bad] = await log.readRecords()
    await log.quarantine(bad!.key, 'missing id')
    expect(await values(log)).toEqual([kept])
    expect(await log.quarantined()).toEqual([{ record: { nonsense: true }, reason: 'missing id' }])
    log.close()
  })
})
