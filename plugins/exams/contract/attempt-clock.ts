/**
 * The attempt's clock, one definition for the server (which owns it) and the page (which counts down
 * against it). Times are milliseconds since the epoch, by the server's clock.
 */

export interface DeadlineFacts {
  readonly startedAt: number
  readonly durationMinutes: number
  /** Her accommodation: extra time as a percentage of the duration (0 without one). */
  readonly extraTimePercent: number
  readonly endsAt: number
}

/**
 * Her deadline: the start plus the duration plus her extra time, never after the exam's end (a
 * student starting late, with or without extra time, gets what is left of the window and no more:
 * the window is what the school booked the room and the proctors for).
 */
export const deadlineOf = ({ startedAt, durationMinutes, extraTimePercent, endsAt }: DeadlineFacts): number =>
  Math.min(startedAt + Math.round(durationMinutes * 60_000 * (1 + extraTimePercent / 100)), endsAt)

export interface AnswerTiming {
  /** When she gave the answers, by the server's clock as her page keeps it. */
  readonly givenAt: number
  /** When they arrived. */
  readonly now: number
  readonly startedAt: number
  readonly deadlineAt: number
  readonly graceSeconds: number
}

/**
 * Answers are kept when given before her deadline and arriving at most the grace period after it
 * (given offline, sent by the outbox on reconnect). A `givenAt` in the future of the server is her
 * device's clock running ahead: they count as given when they arrived.
 */
export const answersInTime = ({ givenAt, now, startedAt, deadlineAt, graceSeconds }: AnswerTiming): boolean => {
  const given = Math.max(Math.min(givenAt, now), startedAt)
  return given <= deadlineAt && now <= deadlineAt + graceSeconds * 1000
}

/** Nothing more can arrive in time: past the deadline and its grace period. */
export const pastGrace = (now: number, deadlineAt: number, graceSeconds: number): boolean => now > deadlineAt + graceSeconds * 1000

/** The page's offset to the server's clock, from an answer's `serverNow` and the device's time it arrived at. */
export const serverOffsetOf = (serverNow: string, receivedAt: number): number => Date.parse(serverNow) - receivedAt

/** Milliseconds left before her deadline at the device's `deviceNow`, by the server's clock (never below 0). */
export const remainingMs = (deadlineAt: string, deviceNow: number, offsetMs: number): number => Math.max(0, Date.parse(deadlineAt) - (deviceNow + offsetMs))
