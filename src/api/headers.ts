import { acceptLanguageOf, type Locale } from '../../contracts/errors.ts'
import { timezoneOffsetHeader } from '../../contracts/settings.ts'

/** The offset from UTC in hours, east positive (Cairo in summer: 3; New York: -5; India: 5.5). */
export const timezoneOffsetHours = (date: Date = new Date()): number => {
  const hours = -date.getTimezoneOffset() / 60
  return hours === 0 ? 0 : hours
}

export interface HeaderInput {
  readonly locale: Locale
  readonly accessToken?: string | null | undefined
  readonly offsetHours?: number
  /** false for binary bodies (the profile image), which carry their own content type. */
  readonly jsonBody?: boolean
}

/** Every request's headers (spec §7): json, Accept-Language, the timezone offset, and the bearer token when signed in. */
export const buildHeaders = (input: HeaderInput): Record<string, string> => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': acceptLanguageOf(input.locale),
    [timezoneOffsetHeader]: String(input.offsetHours ?? timezoneOffsetHours()),
  }
  if (input.jsonBody !== false) headers['Content-Type'] = 'application/json'
  if (input.accessToken) headers.Authorization = `Bearer ${input.accessToken}`
  return headers
}
