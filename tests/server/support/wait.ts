/**
 * Waits for work the server does after its answer (a mail written, a prune run) by asking again
 * until `check` answers something other than undefined; fails after `timeoutMs`.
 */
export const waitUntil = async <T>(check: () => Promise<T | undefined>, timeoutMs = 5000, what = 'the condition'): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
