import { describe, expect, it } from 'vitest'
import { type LeaseEnvironment, leaseTimings, requestLease } from '../../../src/events/lease.ts'

/**
 * Tabs of one browser, simulated: one localStorage, real BroadcastChannels (Node has them), and one
 * clock that the test moves (timers run when it passes their time).
 */
function browser() {
  const items = new Map<string, string>()
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  let time = 1_000_000
  let timers: Array<{ at: number; run: () => void; id: number }> = []
  let nextId = 0
  const channels: BroadcastChannel[] = []
  const environment: LeaseEnvironment = {
    storage,
    openChannel: (name) => {
      const channel = new BroadcastChannel(name)
      channels.push(channel)
      return {
        post: (m) => channel.postMessage(m),
        onMessage: (listener) => void (channel.onmessage = (e: MessageEvent) => listener(e.data)),
        close: () => channel.close(),
      }
    },
    now: () => time,
    setTimer: (run, ms) => {
      const timer = { at: time + ms, run, id: nextId++ }
      timers.push(timer)
      return timer.id
    },
    clearTimer: (id) => void (timers = timers.filter((t) => t.id !== id)),
  }
  /** Moves the clock by `ms`, running each timer due on the way, in order. */
  const advance = async (ms: number) => {
    const end = time + ms
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      timers = timers.filter((t) => t !== due)
      time = due.at
      due.run()
    }
    time = end
    await new Promise((resolve) => setTimeout(resolve, 20)) // BroadcastChannel messages are delivered asynchronously
  }
  /** A tab that asks to lead; `frozen` stops its timers (a suspended or crashed tab that never says goodbye). */
  const tab = (name: string) => {
    const state = { leads: false, frozen: false }
    const frozenAware: LeaseEnvironment = { ...environment, setTimer: (run, ms) => environment.setTimer(() => state.frozen || run(), ms) }
    const lease = requestLease(name, () => (state.leads = true), frozenAware)
    return { state, release: lease.release }
  }
  const close = () => channels.forEach((c) => c.close())
  return { tab, advance, close }
}

describe('leadership without Web Locks: a lease in localStorage, announced over BroadcastChannel', () => {
  it('of two tabs asking at the same moment, exactly one leads, and it stays one over time', async () => {
    const b = browser()
    const [one, two] = [b.tab('fasl-events:acct:leader'), b.tab('fasl-events:acct:leader')]
    await b.advance(leaseTimings.settleMs)
    expect([one.state.leads, two.state.leads].filter(Boolean)).toHaveLength(1)
    for (let i = 0; i < 10; i++) await b.advance(leaseTimings.renewMs)
    expect([one.state.leads, two.state.leads].filter(Boolean)).toHaveLength(1)
    one.release()
    two.release()
    b.close()
  })

  it('a tab opened later follows while the leader renews', async () => {
    const b = browser()
    const first = b.tab('lock')
    await b.advance(leaseTimings.settleMs)
    const second = b.tab('lock')
    for (let i = 0; i < 10; i++) await b.advance(leaseTimings.renewMs)
    expect([first.state.leads, second.state.leads]).toEqual([true, false])
    first.release()
    second.release()
    b.close()
  })

  it('when the leader stops renewing (frozen, crashed), another tab takes over once the lease has expired', async () => {
    const b = browser()
    const leader = b.tab('lock')
    await b.advance(leaseTimings.settleMs)
    const follower = b.tab('lock')
    await b.advance(leaseTimings.renewMs)
    leader.state.frozen = true
    await b.advance(leaseTimings.expiresMs - leaseTimings.renewMs)
    expect(follower.state.leads).toBe(false)
    await b.advance(leaseTimings.renewMs * 2 + leaseTimings.settleMs)
    expect(follower.state.leads).toBe(true)
    follower.release()
    b.close()
  })

  it('a leader that gives the lease back (its tab closing) is followed at once, not after the expiry', async () => {
    const b = browser()
    const leader = b.tab('lock')
    await b.advance(leaseTimings.settleMs)
    const follower = b.tab('lock')
    await b.advance(leaseTimings.renewMs / 2)
    leader.release()
    await b.advance(0) // the "released" message arrives
    await b.advance(leaseTimings.settleMs)
    expect(follower.state.leads).toBe(true)
    follower.release()
    b.close()
  })

  it('leases of different accounts do not exclude each other', async () => {
    const b = browser()
    const [a, c] = [b.tab('fasl-events:a:leader'), b.tab('fasl-events:c:leader')]
    await b.advance(leaseTimings.settleMs)
    expect([a.state.leads, c.state.leads]).toEqual([true, true])
    a.release()
    c.release()
    b.close()
  })
})

describe('requestLeadership without navigator.locks (plain http on a school LAN)', () => {
  it('two tabs of one account: exactly one leads (before, every tab led)', async () => {
    const items = new Map<string, string>()
    const globals = globalThis as unknown as Record<string, unknown>
    globals.localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    }
    globals.window = { addEventListener: () => undefined, removeEventListener: () => undefined }
    try {
      const { requestLeadership } = await import('../../../src/events/tabs.ts')
      expect(typeof navigator === 'undefined' || navigator.locks === undefined).toBe(true)
      const led: string[] = []
      const tabs = [requestLeadership('fasl-events:t:leader', () => led.push('one')), requestLeadership('fasl-events:t:leader', () => led.push('two'))]
      await new Promise((resolve) => setTimeout(resolve, leaseTimings.settleMs * 3))
      expect(led).toHaveLength(1)
      tabs.forEach((t) => t.release())
    } finally {
      delete globals.localStorage
      delete globals.window
    }
  })
})
