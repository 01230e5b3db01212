import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { makeEvent } from '../../../src/events/events.ts'
import { compactableKeys, openEventLog } from '../../../src/events/log.ts'
import { confirmed, loaded, rejected, update, userInfo } from './fixtures.ts'

let n = 0
const freshDb = () => `log-test-${++n}-${Math.random()}`

describe('event log', () => {
  it('reads back what was appended, in order, across reopening', async () => {
    const name = freshDb()
    const first = await openEventLog(name)
    const events = [loaded(userInfo), update('A'), update('B')]
    for (const e of events) await first.append(e)
    first.close()
    const second = await openEventLog(name)
    expect(await second.readAll()).toEqual(events)
    second.close()
  })

  it('keeps image bytes', async () => {
    const log = await openEventLog(freshDb())
    const image = makeEvent('v1.ProfileImageUploadRequested', { bytes: new Uint8Array([137, 80, 78, 71]), type: 'image/png', size: 4 })
    await log.append(image)
    const [back] = await log.readAll()
    expect(back?.payload).toEqual(image.payload)
    log.close()
  })

  it('separate database names do not share events', async () => {
    const a = await openEventLog(freshDb())
    const b = await openEventLog(freshDb())
    await a.append(update('A'))
    expect(await b.readAll()).toEqual([])
    a.close()
    b.close()
  })

  it('compaction drops answered commands a newer read covers, and keeps unanswered ones', async () => {
    const log = await openEventLog(freshDb())
    const done = update('Done')
    const refused = update('Refused')
    const waiting = update('Waiting')
    const later = update('Later')
    const events = [loaded(userInfo), done, confirmed(done.id, userInfo), refused, rejected(refused.id), waiting, loaded(userInfo), later, confirmed(later.id, userInfo)]
    for (const e of events) await log.append(e)
    expect(await log.compact()).toBe(5)
    expect((await log.readAll()).map((e) => e.id)).toEqual([waiting.id, events[6]!.id, later.id, events[8]!.id])
    log.close()
  })

  it('compaction keeps everything when nothing has been read from the server', () => {
    const a = update('A')
    expect(compactableKeys([1, 2], [a, confirmed(a.id, userInfo)])).toEqual([])
  })
})
