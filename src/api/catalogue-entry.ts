import type { Message } from '../../contracts/errors.ts'
import { specCatalogue } from '../../contracts/spec-catalogue.ts'

/**
 * The spec catalogue's words for a response's code, in both languages, for the failure to carry
 * (RawFailure's `catalogue`). Attached where a response is read (the API client, uploads), which
 * load with the first call, so the mapping on every first screen (problem.ts) holds no catalogue.
 */
export const catalogueEntryOf = (code: number | null | undefined): Message | undefined =>
  code === null || code === undefined ? undefined : specCatalogue[code]
