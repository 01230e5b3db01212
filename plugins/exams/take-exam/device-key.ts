/**
 * The key a single-use link is bound to on its first open: a random id kept in localStorage, one per
 * account on this browser. localStorage (not sessionStorage), so a reload, a reopened tab or a second
 * tab of the same browser continues her attempt, while another browser or device is refused; per
 * account, so a proctor's device running several students one after another binds each to its own
 * key and keeps nothing of one student for the next but this id.
 */
const storageKey = (account: string) => `fasl.examDevice.${account}`

const newKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '')
}

export const deviceKeyOf = (account: string): string => {
  try {
    const stored = localStorage.getItem(storageKey(account))
    if (stored !== null && /^[A-Za-z0-9_-]{16,64}$/u.test(stored)) return stored
    const made = newKey()
    localStorage.setItem(storageKey(account), made)
    return made
  } catch {
    // Storage refused (private mode): a key for this page's life; a reload then counts as another device.
    return newKey()
  }
}
