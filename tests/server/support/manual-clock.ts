import type { ClockService } from '../../../server/services/clock.ts'

/** A server clock the test moves on by hand, so cache times and expiries pass at once. */
export const manualClock = () => {
  let now = Date.now()
  const clock: ClockService = { now: () => now }
  return { clock, advance: (ms: number) => void (now += ms) }
}
