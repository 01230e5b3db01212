import { Effect } from 'effect'
import { HttpServerRequest } from 'effect/http'
import { timezoneOffsetHeader } from '../../../../contracts/settings.ts'

const dayMs = 86_400_000

/**
 * The caller's offset from UTC, from the spec's timezone-offset header (hours; halves and
 * quarters exist, e.g. 5.5, 5.75). Missing or not a number from −14 to 14: UTC.
 */
export const callerOffsetMs = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
  const hours = Number(request.headers[timezoneOffsetHeader.toLowerCase()])
  return Number.isFinite(hours) && hours >= -14 && hours <= 14 ? Math.round(hours * 60) * 60_000 : 0
})

/** The caller's calendar day holding `instantMs`, YYYY-MM-DD. */
export const callerDay = (instantMs: number, offsetMs: number) => new Date(instantMs + offsetMs).toISOString().slice(0, 10)

/** The caller's calendar day holding `instant`, as the UTC instants [from, to). */
export const dayAround = (instantMs: number, offsetMs: number) => {
  const from = Math.floor((instantMs + offsetMs) / dayMs) * dayMs - offsetMs
  return { from: new Date(from).toISOString(), to: new Date(from + dayMs).toISOString() }
}

/** Days `YYYY-MM-DD` to `YYYY-MM-DD` (both included) of the caller, as the UTC instants [from, to). */
export const daysBetween = (startDate: string, endDate: string, offsetMs: number) => ({
  from: new Date(Date.parse(`${startDate}T00:00:00Z`) - offsetMs).toISOString(),
  to: new Date(Date.parse(`${endDate}T00:00:00Z`) + dayMs - offsetMs).toISOString(),
})
