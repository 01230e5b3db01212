import type { Locale } from '../../contracts/errors.ts'
import { buildHeaders } from './headers.ts'

/**
 * Reads asked for at boot, before the API client has loaded: the first reads of the page the
 * browser opened, declared with its route (`PluginRoute.firstReads`), travel while the shell and the
 * page's code load. The client's first GET of the same address with the same headers takes the
 * answer instead of asking again (only its bytes: the client decodes them as any answer). Each is
 * taken once, by a request carrying the same bearer token, so one account never reads another's;
 * one nobody takes is dropped after a while, so a later read asks the server afresh.
 */
interface EarlyRead {
  readonly headers: Readonly<Record<string, string>>
  readonly answer: Promise<Response>
}

const early = new Map<string, EarlyRead>()
/** Long enough for a slow phone to load the page's code; short enough that nothing stale is shown later. */
const keptMs = 20_000

const addressOf = (input: RequestInfo | URL): string => new URL(input instanceof Request ? input.url : String(input), location.href).href

/** Asks for `paths` (the API's addresses, path and query) now, as `accessToken`'s account in `locale`. */
export const startEarlyReads = (paths: ReadonlyArray<string>, locale: Locale, accessToken: string): void => {
  const headers = buildHeaders({ locale, accessToken, jsonBody: false })
  for (const path of paths) {
    const address = addressOf(path)
    const read = { headers, answer: fetch(address, { headers }) }
    // A failed early read is asked again by the client; nothing waits on it here.
    read.answer.catch(() => undefined)
    early.set(address, read)
    setTimeout(() => early.get(address) === read && early.delete(address), keptMs)
  }
}

/** The early answer to this request, taken once (a network failure asks the server again), or null: ask the server. */
export const takeEarlyRead = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> | null => {
  if (early.size === 0 || (init?.method ?? 'GET').toUpperCase() !== 'GET') return null
  const address = addressOf(input)
  const read = early.get(address)
  if (read === undefined) return null
  const asked = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
  if (Object.entries(read.headers).some(([name, value]) => asked.get(name) !== value)) return null
  early.delete(address)
  return read.answer.catch(() => fetch(input, init))
}
