/**
 * Leadership without Web Locks: a school server on plain http on its LAN is no secure context, so
 * `navigator.locks` is missing there, and without this every tab would lead (and send). One tab
 * holds a lease in localStorage (its id and an expiry), renews it every `renewMs`; the others try
 * to take it every `renewMs` and take it once it has expired (a closed or frozen tab) or was given
 * back (announced over BroadcastChannel, so the next tab need not wait for the expiry).
 */
export const leaseTimings = { renewMs: 2_000, expiresMs: 6_000, settleMs: 100 } as const

interface Lease {
  readonly owner: string
  readonly expires: number
}

/** What the lease needs of the page; tests pass fakes shared by simulated tabs. */
export interface LeaseEnvironment {
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** A channel between tabs; null where there is none (the lease still works, by its expiry). */
  readonly openChannel: (name: string) => { post(message: unknown): void; onMessage(listener: (message: unknown) => void): void; close(): void } | null
  readonly now: () => number
  readonly setTimer: (run: () => void, ms: number) => unknown
  readonly clearTimer: (timer: unknown) => void
}

export const browserLeaseEnvironment = (storage: LeaseEnvironment['storage']): LeaseEnvironment => ({
  storage,
  openChannel: (name) => {
    if (typeof BroadcastChannel === 'undefined') return null
    const channel = new BroadcastChannel(name)
    return {
      post: (message) => channel.postMessage(message),
      onMessage: (listener) => void (channel.onmessage = (event: MessageEvent) => listener(event.data)),
      close: () => channel.close(),
    }
  },
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
})

const read = (storage: LeaseEnvironment['storage'], key: string): Lease | null => {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Lease> | null
    return value !== null && typeof value.owner === 'string' && typeof value.expires === 'number' ? { owner: value.owner, expires: value.expires } : null
  } catch {
    return null
  }
}

/**
 * Asks for the lease named `name`; `onLead` runs once this tab holds it. Two tabs that write at the
 * same moment both read it back `settleMs` later: the last write is the one both see, so one leads.
 */
export function requestLease(name: string, onLead: () => void, environment: LeaseEnvironment): { release: () => void } {
  const { storage, now, setTimer, clearTimer } = environment
  const key = `${name}:lease`
  const me = crypto.randomUUID()
  let leading = false
  let stopped = false
  let timer: unknown = null
  const channel = environment.openChannel(`${name}:lease`)

  const schedule = (run: () => void, ms: number) => {
    if (timer !== null) clearTimer(timer)
    timer = stopped ? null : setTimer(run, ms)
  }
  const write = () => storage.setItem(key, JSON.stringify({ owner: me, expires: now() + leaseTimings.expiresMs } satisfies Lease))
  const renew = () => {
    if (stopped) return
    const lease = read(storage, key)
    // Taken meanwhile (this tab was frozen past its expiry): the other tab leads; this one no longer renews.
    if (lease !== null && lease.owner !== me && lease.expires > now()) return
    write()
    schedule(renew, leaseTimings.renewMs)
  }
  const attempt = () => {
    if (stopped || leading) return
    const lease = read(storage, key)
    if (lease !== null && lease.owner !== me && lease.expires > now()) return schedule(attempt, leaseTimings.renewMs)
    write()
    schedule(() => {
      if (stopped) return
      if (read(storage, key)?.owner !== me) return schedule(attempt, leaseTimings.renewMs)
      leading = true
      schedule(renew, leaseTimings.renewMs)
      onLead()
    }, leaseTimings.settleMs)
  }
  channel?.onMessage((message) => (message as { type?: unknown } | null)?.type === 'released' && attempt())
  attempt()

  return {
    release: () => {
      if (stopped) return
      stopped = true
      if (timer !== null) clearTimer(timer)
      if (leading && read(storage, key)?.owner === me) {
        storage.removeItem(key)
        channel?.post({ type: 'released' })
      }
      channel?.close()
    },
  }
}
