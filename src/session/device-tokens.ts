/**
 * OWASP's "device cookie": after a sign-in by password the server answers a device token for that
 * account; the client keeps it (per email, in localStorage, kept at sign-out: it grants no access,
 * only this device's own allowance of wrong passwords) and sends it with the next sign-in, so an
 * attacker's wrong passwords, which lock the account for unknown devices, do not lock this one.
 */
const storageKey = 'fasl.deviceTokens'
const kept = 10

const read = (storage: Storage): Record<string, string> => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}')
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
  } catch {
    return {}
  }
}

const keyOf = (email: string) => email.trim().toLowerCase()

export const deviceTokenFor = (email: string, storage: Storage = localStorage): string | undefined => {
  const token = read(storage)[keyOf(email)]
  return typeof token === 'string' ? token : undefined
}

export const keepDeviceToken = (email: string, token: string, storage: Storage = localStorage): void => {
  const tokens = read(storage)
  delete tokens[keyOf(email)]
  // The newest last; the oldest dropped beyond `kept` accounts (a shared computer).
  const entries = [...Object.entries(tokens), [keyOf(email), token] as const].slice(-kept)
  try {
    storage.setItem(storageKey, JSON.stringify(Object.fromEntries(entries)))
  } catch {
    // Storage full or disabled: the device is simply unknown next time.
  }
}
