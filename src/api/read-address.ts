import type { HttpApi, HttpApiEndpoint, HttpApiGroup } from 'effect/http-api'
import type { FaslApi } from '../../contracts/api.ts'

/**
 * The contract's reads, by type only: boot's early reads (`PluginRoute.firstReads`) are built in the
 * shell's first chunk, which must not carry the contract's code, yet their addresses must be the
 * contract's. So the path and the query's fields are checked against the contract's GET endpoints
 * by the typecheck (a path or field it does not declare fails it), and nothing of it is loaded.
 */
type Endpoints = HttpApiGroup.Endpoints<typeof FaslApi extends HttpApi.HttpApi<infer _Id, infer Groups> ? Groups : never>
type Reads = Extract<Endpoints, { readonly method: 'GET' }>

/** The path (prefix included) of one of the contract's GET endpoints. */
export type ReadPath = Reads['path']

/** The query that endpoint declares, as the client gives it (ids as numbers). */
export type ReadQuery<P extends ReadPath> = HttpApiEndpoint.Query<Extract<Reads, { readonly path: P }>>['Type']

/**
 * The address the API client asks for when it reads `path` with `query` (fields in the order
 * given, as the client sends them; `tests/unit/early-reads.test.ts` checks the two agree).
 */
export const readAddress = <P extends ReadPath>(path: P, ...query: [ReadQuery<P>] extends [never] ? [] : [ReadQuery<P>]): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries((query[0] ?? {}) as Record<string, unknown>)) if (value !== undefined) search.set(name, String(value))
  const text = search.toString()
  return text === '' ? path : `${path}?${text}`
}
