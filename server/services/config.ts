import { Context } from 'effect'
import type { ServerConfig } from '../config.ts'

export interface ConfigService extends ServerConfig {
  /** The address put into emailed links: FASL_PUBLIC_URL, else this server's own (known once listening). */
  readonly linkBase: string
}

/** The server's settings (read once with Effect's Config, see server/config.ts). */
export class Config extends Context.Service<Config, ConfigService>()('fasl/Config') {}
