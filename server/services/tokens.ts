import { Context } from 'effect'
import type { AccessTokens } from '../auth/tokens.ts'

/** Signs and verifies access tokens. */
export class Tokens extends Context.Service<Tokens, AccessTokens>()('fasl/Tokens') {}
