/**
 * Runs `work` while no other tab of this browser runs work under the same name (Web Locks).
 * Without them (a plain-http address other than localhost is no secure context) it runs at once.
 */
export const withTabLock = <T>(name: string, work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks !== undefined ? navigator.locks.request(name, work) : work()
