import type { Locale } from '../../contracts/errors.ts'
import { localeStore } from '../i18n/locale-store.ts'

/**
 * What the API client needs from the rest of the shell, registered at start-up (no import cycle):
 * the session answers for tokens, the locale store for the language.
 */
export interface AuthBridge {
  /** The access token to send; when the stored expiry has passed this first sends session.expired and waits for the refresh. */
  readonly freshToken: () => Promise<string | null>
  /** Called on an HTTP 401: sends session.expired, waits, answers the new token (or null when signed out). */
  readonly onUnauthorized: (rejectedToken: string) => Promise<string | null>
}

let bridge: AuthBridge = { freshToken: async () => null, onUnauthorized: async () => null }

export const setAuthBridge = (next: AuthBridge) => {
  bridge = next
}
export const authBridge = (): AuthBridge => bridge
export const currentLocale = (): Locale => localeStore.get()
