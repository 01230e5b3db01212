import { HttpApiMiddleware } from 'effect/http-api'
import { ApiUnavailable } from '../wire-failures.ts'

/**
 * On every endpoint: when the database cannot be reached the answer is 503 with the envelope
 * (code 503, "try again" in the caller's language), never a 500.
 */
export class Availability extends HttpApiMiddleware.Service<Availability>()('fasl/Availability', { error: [ApiUnavailable] }) {}
