import { useEffect, useReducer, useState } from 'react'

type Loader<T> = () => Promise<T>

const settled = new Map<Loader<unknown>, unknown>()
const pending = new Map<Loader<unknown>, Promise<unknown>>()

/** Runs `load` once (a failed load may run again), keeping what it answered for loadedValue. */
export const loadOnce = <T>(load: Loader<T>): Promise<T> => {
  let promise = pending.get(load)
  if (promise === undefined) {
    promise = load().then(
      (value) => {
        settled.set(load, value)
        return value
      },
      (error: unknown) => {
        pending.delete(load)
        throw error
      },
    )
    pending.set(load, promise)
  }
  return promise as Promise<T>
}

/** What `load` answered, when it has. */
export const loadedValue = <T>(load: Loader<T>): T | undefined => settled.get(load) as T | undefined

export type Loaded<T> =
  { readonly status: 'ready'; readonly value: T } | { readonly status: 'loading' } | { readonly status: 'failed'; readonly retry: () => void }

/**
 * A lazily loaded module as state rather than through React.lazy and Suspense: React reveals what
 * replaces a Suspense fallback no sooner than 300 ms after the fallback showed (its "fallback
 * throttle"), which held the first screen of a cold load, and a page opened by a click, for that
 * long after their code had arrived. `load` null: nothing to load yet.
 */
export function useLoaded<T>(load: Loader<T> | null): Loaded<T> {
  const [, arrived] = useReducer((count: number) => count + 1, 0)
  const [failed, setFailed] = useState<Loader<T> | null>(null)
  const value = load === null ? undefined : loadedValue(load)
  const waiting = load !== null && value === undefined && failed !== load
  useEffect(() => {
    if (!waiting) return
    let live = true
    loadOnce(load).then(
      () => live && arrived(),
      () => live && setFailed(() => load),
    )
    return () => {
      live = false
    }
  }, [load, waiting])
  if (load === null) return { status: 'loading' }
  if (value !== undefined) return { status: 'ready', value }
  if (failed === load) return { status: 'failed', retry: () => setFailed(null) }
  return { status: 'loading' }
}
