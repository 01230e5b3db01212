import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { problemOf, type ApiProblem } from '../api/client.ts'
import { useLocale } from '../i18n/intl.tsx'
import { accountIdOf, lastingStoredToken } from '../session/storage.ts'
import { localeStore } from '../i18n/locale-store.ts'
import type { FirstRead } from '../plugin-host/define-plugin.ts'
import { useSession } from '../session/session-provider.tsx'

export type Loadable<A> =
  { readonly status: 'loading' } | { readonly status: 'error'; readonly problem: ApiProblem } | { readonly status: 'ready'; readonly data: A }

interface Entry {
  state: Loadable<unknown>
  promise: Promise<unknown> | null
  readonly listeners: Set<() => void>
}

/**
 * Server reads, cached per account and language. Every entry belongs to one account: when the
 * signed-in account changes (another teacher on the same tab) or nobody is signed in, the whole
 * cache is dropped before anything is read from it — one teacher never sees another's data.
 */
const cache = new Map<string, Entry>()
let cacheAccount: string | null = null
const loading: Loadable<never> = { status: 'loading' }

const scopeTo = (account: string | null) => {
  if (account === cacheAccount) return
  cache.clear()
  cacheAccount = account
}

/** Drops every cached read (sign-out). */
export const clearResources = () => scopeTo(null)

const entryOf = (key: string): Entry => {
  let entry = cache.get(key)
  if (!entry) cache.set(key, (entry = { state: loading, promise: null, listeners: new Set() }))
  return entry
}

const settle = (key: string, entry: Entry, state: Loadable<unknown>) => {
  if (cache.get(key) !== entry) return // dropped meanwhile (sign-out, another account)
  entry.state = state
  for (const listener of entry.listeners) listener()
}

/** Loads (or reuses) one read; `fresh` asks the server again even when an answer is cached. */
export function fetchResource<A>(
  account: string | null,
  locale: string,
  key: ReadonlyArray<string | number>,
  load: () => Promise<A>,
  fresh = false,
): Promise<A> {
  scopeTo(account)
  const cacheKey = JSON.stringify([locale, ...key])
  const entry = entryOf(cacheKey)
  if (entry.promise === null || fresh || entry.state.status === 'error') {
    const promise = load()
    entry.promise = promise
    if (entry.state.status === 'error') settle(cacheKey, entry, loading)
    promise.then(
      (data) => entry.promise === promise && settle(cacheKey, entry, { status: 'ready', data }),
      (error: unknown) => entry.promise === promise && settle(cacheKey, entry, { status: 'error', problem: problemOf(error) }),
    )
  }
  return entry.promise as Promise<A>
}

/**
 * Puts a read in the cache before the page that needs it renders (boot's first reads): as
 * fetchResource, but a failure leaves no error behind (it was asked with the stored token, before
 * the session could renew it): the read is asked again the ordinary way, at once if a page already
 * waits for it, else when one renders.
 */
export const primeResource = (
  account: string,
  locale: string,
  key: ReadonlyArray<string | number>,
  primed: () => Promise<unknown>,
  load: () => Promise<unknown>,
): Promise<void> => {
  scopeTo(account)
  const cacheKey = JSON.stringify([locale, ...key])
  const entry = entryOf(cacheKey)
  if (entry.promise !== null) return entry.promise.then(noopValue, noopValue)
  const promise = primed()
  entry.promise = promise
  return promise.then(
    (data) => void (entry.promise === promise && settle(cacheKey, entry, { status: 'ready', data })),
    () => {
      if (cache.get(cacheKey) !== entry || entry.promise !== promise) return
      entry.promise = null
      if (entry.listeners.size > 0) void fetchResource(account, locale, key, load).catch(() => undefined)
    },
  )
}

const noopValue = () => undefined

/**
 * A page's first reads (PageModule.prepare) put in the cache before its first render, as the
 * stored session's account, in the current language, with the stored token while it is good for
 * another minute (else nothing: the session renews it first, and the page reads as usual). Waits
 * `withinMs` at the most: past that the page draws their loading state, and they land when they come.
 */
export const primeReads = async (reads: ReadonlyArray<FirstRead>, withinMs = 120): Promise<void> => {
  const token = lastingStoredToken(localStorage)
  const account = accountIdOf(token)
  if (token === null || account === null) return
  const options = { token }
  const primed = Promise.all(
    reads.map((read) =>
      primeResource(
        account,
        localeStore.get(),
        read.key,
        () => read.load(options),
        () => read.load(),
      ),
    ),
  )
  await Promise.race([primed, new Promise((resolve) => setTimeout(resolve, withinMs))])
}

/** Whether this read has been asked for (answered, failed or on its way) for this account. */
const isRequested = (account: string, cacheKey: string): boolean => account === cacheAccount && (cache.get(cacheKey)?.promise ?? null) !== null

const noop = () => () => undefined

/** useResource for a read described once (its key and call), such as a page's first reads; null = nothing to read yet. */
export const useRead = <A>(read: { readonly key: ReadonlyArray<string | number>; readonly load: () => Promise<A> } | null) =>
  useResource(read?.key ?? null, () => read!.load())

/**
 * One read as the page needs it: loading, error, ready; `retry` after an error, `refetch` for a
 * fresh answer. Keyed by the signed-in account, the language (names come translated, so another
 * language is another read) and `key`; `key` null = nothing to read yet.
 */
export function useResource<A>(
  key: ReadonlyArray<string | number> | null,
  load: () => Promise<A>,
  options: { readonly freshOnMount?: boolean } = {},
): Loadable<A> & { readonly retry: () => void; readonly refetch: () => void } {
  const { session } = useSession()
  const account = accountIdOf(session?.accessToken ?? null)
  const locale = useLocale()
  const cacheKey = key === null ? null : JSON.stringify([locale, ...key])
  useEffect(() => {
    if (account === null) clearResources()
  }, [account])
  // A read nobody has asked for yet starts while the page renders, not in the effect below: effects
  // run once the whole screen has rendered and committed, which on a cold load held the request
  // back for that long. The cache keeps it to one request per key and account.
  const readKey = cacheKey === null || account === null ? null : JSON.stringify([account, cacheKey])
  const startedInRender = useRef<string | null>(null)
  if (key !== null && account !== null && cacheKey !== null && readKey !== startedInRender.current && !isRequested(account, cacheKey)) {
    startedInRender.current = readKey
    void fetchResource(account, locale, key, load).catch(() => undefined)
  }
  useEffect(() => {
    const startedHere = readKey !== null && startedInRender.current === readKey
    startedInRender.current = null
    // freshOnMount: a cached answer may be older than this device's last save (the profile); one
    // this mount has just asked for is not.
    if (key !== null && account !== null) void fetchResource(account, locale, key, load, options.freshOnMount === true && !startedHere).catch(() => undefined)
    // `load` is keyed by `key`: a new closure for the same key is the same read.
  }, [account, locale, cacheKey]) // eslint-disable-line react-hooks/exhaustive-deps
  const subscribe = useCallback(
    (listener: () => void) => {
      if (cacheKey === null || account === null) return noop()
      scopeTo(account)
      const entry = entryOf(cacheKey)
      entry.listeners.add(listener)
      return () => entry.listeners.delete(listener)
    },
    [account, cacheKey],
  )
  const state = useSyncExternalStore(subscribe, () =>
    cacheKey === null || account === null || account !== cacheAccount ? loading : (cache.get(cacheKey)?.state ?? loading),
  ) as Loadable<A>
  const again = useCallback(() => {
    if (key !== null && account !== null) void fetchResource(account, locale, key, load, true).catch(() => undefined)
  }, [account, locale, cacheKey]) // eslint-disable-line react-hooks/exhaustive-deps
  return { ...state, retry: again, refetch: again }
}
