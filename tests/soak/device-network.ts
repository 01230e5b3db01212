/**
 * A soak device's network: every request gives up after the device's time-out on its own timer,
 * whatever becomes of the abort. Node's fetch (undici) can lose the link between a request and its
 * abort signal after a garbage collection (nodejs/undici#4068, nodejs/node#55428); a request whose
 * abort is lost then waits for an answer that a faulty network may never give, and an
 * `AbortSignal.timeout` only weakly held can be collected before it fires. The soak once saw four
 * devices wait for good after a SIGKILL; it now counts such requests instead (`abortsIgnored`).
 */
export const deviceNetwork = (realFetch: typeof fetch, timeoutMs: number) => {
  let ignored = 0

  const request = async (url: string, init: RequestInit, authorize: () => Promise<void>, headers: Headers): Promise<Response> => {
    const controller = new AbortController()
    const abort = () => controller.abort()
    if (init.signal?.aborted) controller.abort()
    init.signal?.addEventListener('abort', abort, { once: true })
    let timer: NodeJS.Timeout | undefined
    let fetchSettled = false
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new TypeError('Failed to fetch: no answer within the device time-out'))
        // An abort is seen by undici within a tick; one that is not, after a second, was lost.
        setTimeout(() => void (fetchSettled || ignored++), 1000).unref()
      }, timeoutMs)
    })
    try {
      const sent = (async () => {
        await authorize()
        return realFetch(url, { ...init, headers, signal: controller.signal })
      })()
      void sent.then(
        () => (fetchSettled = true),
        () => (fetchSettled = true),
      )
      return await Promise.race([sent, gaveUp])
    } finally {
      clearTimeout(timer)
      init.signal?.removeEventListener('abort', abort)
    }
  }

  return {
    fetch: request,
    abortsIgnored: () => ignored,
  }
}
