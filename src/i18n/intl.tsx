import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { LocaleProvider } from '@ark-ui/react/locale'
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { Locale } from '../../contracts/errors.ts'
import { bcp47Of, localeStore } from './locale-store.ts'
import type { MessageId } from './message-ids.ts'
import { numericArguments, withLocaleDigits } from '../../contracts/message-numbers.ts'

/**
 * One language's messages. In the source they are ICU strings; the production build compiles them
 * to formatjs syntax trees (vite.config.ts, src/i18n/precompile-messages.ts), so the browser never
 * loads the ICU parser.
 */
export type Messages = Readonly<Record<string, string | MessageFormatElement[]>>

const cache = createIntlCache()

export const makeIntl = (locale: Locale, messages: Messages): IntlShape =>
  createIntl(
    {
      locale: bcp47Of(locale),
      defaultLocale: 'en-US',
      messages: messages as Record<string, string>,
      onError: (error) => {
        if (import.meta.env.DEV) console.warn(error.message)
      },
    },
    cache,
  )

/**
 * Which messages a page needs: a signed-out page only the shell's and the sign-in pages' ones;
 * anything behind sign-in every feature's (src/plugin-host/registry.ts `loadMessages`).
 */
export type MessageScope = 'signedOut' | 'all'

/**
 * The catalogue of each language and scope, loaded once, when first needed: an English visitor
 * never downloads the Arabic messages, and the sign-in page none of the features'. Boot loads the
 * current language (in the scope the stored session calls for) before the first render; a language
 * switch loads the other one before it flips; signing in loads 'all' before a signed-in page shows.
 */
export interface Catalogues {
  /** The fullest catalogue loaded for the language: 'all' when it is there, else the signed-out one. */
  readonly get: (locale: Locale) => Messages | undefined
  readonly has: (locale: Locale, scope: MessageScope) => boolean
  readonly load: (locale: Locale, scope: MessageScope) => Promise<Messages>
}

export const createCatalogues = (loadMessages: (locale: Locale, scope: MessageScope) => Promise<Messages>): Catalogues => {
  const loaded = new Map<string, Messages>()
  const get = (locale: Locale) => loaded.get(`${locale}:all`) ?? loaded.get(`${locale}:signedOut`)
  // 'all' holds everything the signed-out scope does.
  const has = (locale: Locale, scope: MessageScope) => loaded.has(`${locale}:all`) || (scope === 'signedOut' && loaded.has(`${locale}:signedOut`))
  return {
    get,
    has,
    load: async (locale, scope) => {
      if (!has(locale, scope)) loaded.set(`${locale}:${scope}`, await loadMessages(locale, scope))
      return get(locale)!
    },
  }
}

interface I18nValue {
  readonly locale: Locale
  readonly intl: IntlShape
  /** Loads the language's messages, then switches (the page never shows message ids). */
  readonly setLocale: (locale: Locale) => Promise<void>
  /** Whether every feature's messages are there in this language (what a signed-in page needs). */
  readonly hasAll: boolean
  /** Loads every feature's messages in this language (on signing in); resolves when they show. */
  readonly loadAll: () => Promise<void>
}

const I18nContext = createContext<I18nValue | null>(null)

export const useLocale = (): Locale => useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get)

export function I18nProvider({ catalogues, children }: { readonly catalogues: Catalogues; readonly children: ReactNode }) {
  const locale = useLocale()
  const messages = catalogues.get(locale)
  const hasAll = catalogues.has(locale, 'all')
  const [, setArrived] = useState(0)
  useEffect(() => {
    if (messages === undefined)
      catalogues.load(locale, 'signedOut').then(
        () => setArrived((count) => count + 1),
        () => undefined,
      )
  }, [messages, locale, catalogues])
  const value = useMemo<I18nValue>(
    () => ({
      locale,
      intl: makeIntl(locale, messages ?? {}),
      setLocale: async (next) => {
        // The same scope in the other language: a signed-in teacher gets every feature's text at once.
        await catalogues.load(next, hasAll ? 'all' : 'signedOut')
        localeStore.set(next)
      },
      hasAll,
      loadAll: async () => {
        if (hasAll) return
        await catalogues.load(locale, 'all')
        setArrived((count) => count + 1)
      },
    }),
    [locale, messages, catalogues, hasAll],
  )
  return (
    <I18nContext.Provider value={value}>
      <LocaleProvider locale={bcp47Of(locale)}>{children}</LocaleProvider>
    </I18nContext.Provider>
  )
}

export const useI18n = (): I18nValue => {
  const value = useContext(I18nContext)
  if (value === null) throw new Error('useI18n outside I18nProvider')
  return value
}

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>
export type Translate = (id: MessageId, values?: MessageValues) => string

/**
 * The translate function of one language: plain number arguments come out in the language's digits
 * (contracts/message-numbers.ts); what each message formats itself is read from its syntax tree once.
 */
export const translator = (intl: IntlShape): Translate => {
  const numerics = new Map<string, Set<string>>()
  const digits = new Intl.NumberFormat(intl.locale, { useGrouping: false })
  const numericOf = (id: string) => {
    let found = numerics.get(id)
    if (found === undefined) {
      const message = intl.messages[id]
      found = message === undefined ? new Set() : numericArguments(intl.formatters.getMessageFormat(message, intl.locale).getAst())
      numerics.set(id, found)
    }
    return found
  }
  return (id, values) =>
    intl.formatMessage({ id }, values === undefined ? values : withLocaleDigits(values, numericOf(id), (value) => digits.format(value))) as string
}

/** `t('auth.signIn.title')`: the message in the current language; the id is checked against the English catalogues. */
export const useT = (): Translate => {
  const { intl } = useI18n()
  return useMemo(() => translator(intl), [intl])
}
