import { Context } from 'effect'

/** The time as the server's own logic reads it (caches, expiries); tests swap it to move time on. */
export interface ClockService {
  readonly now: () => number
}

export class Clock extends Context.Service<Clock, ClockService>()('fasl/Clock') {}

export const systemClock: ClockService = { now: () => Date.now() }
