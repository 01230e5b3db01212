import { createHmac } from 'node:crypto'
import { Context } from 'effect'

export interface ServerKeysService {
  /** A key of its own for `label`, derived from the server's signing secret (HMAC-SHA256), which itself stays here. */
  readonly derive: (label: string) => Buffer
}

/**
 * Keys a feature needs that no client may know (homework's presentation order), each under its own
 * label, so a feature never holds the secret the access tokens are signed with.
 */
export class ServerKeys extends Context.Service<ServerKeys, ServerKeysService>()('fasl/ServerKeys') {}

export const serverKeys = (secret: string): ServerKeysService => ({ derive: (label) => createHmac('sha256', secret).update(label).digest() })
