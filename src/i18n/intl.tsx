import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { LocaleProvider } from '@ark-ui/react/locale'
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { Locale } from '../../contracts/errors.ts'
import { bcp47Of, localeStore } from './locale-store.ts'
import type { MessageId } from './message-ids.ts'

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
 * The catalogue of each language, loaded once, when that language is first shown: an English
 * visitor never downloads the Arabic messages. Boot loads the current language before the first
 * render; a language switch loads the other one before it flips.
 */
export interface Catalogues {
  readonly get: (locale: Locale) => Messages | undefined
  readonly load: (locale: Locale) => Promise<Messages>
}

export const createCatalogues = (loadMessages: (locale: Locale) => Promise<Messages>): Catalogues => {
  const loaded = new Map<Locale, Messages>()
  return {
    get: (locale) => loaded.get(locale),
    load: async (locale) => {
      const messages = loaded.get(locale) ?? (await loadMessages(locale))
      loaded.set(locale, messages)
      return messages
    },
  }
}

interface I18nValue {
  readonly locale: Locale
  readonly intl: IntlShape
  /** Loads the language's messages, then switches (the page never shows message ids). */
  readonly setLocale: (locale: Locale) => Promise<void>
}

const I18nContext = createContext<I18nValue | null>(null)

export const useLocale = (): Locale => useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get)

export function I18nProvider({ catalogues, children }: { readonly catalogues: Catalogues; readonly children: ReactNode }) {
  const locale = useLocale()
  // Boot and setLocale load the language before it becomes current; this covers a failed boot download.
  const messages = catalogues.get(locale)
  const [, setArrived] = useState(0)
  useEffect(() => {
    if (messages === undefined) catalogues.load(locale).then(() => setArrived((count) => count + 1), () => undefined)
  }, [messages, locale, catalogues])
  const value = useMemo<I18nValue>(
    () => ({
      locale,
      intl: makeIntl(locale, messages ?? {}),
      setLocale: async (next) => {
        await catalogues.load(next)
        localeStore.set(next)
      },
    }),
    [locale, messages, catalogues],
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

/** `t('auth.signIn.title')`: the message in the current language; the id is checked against the English catalogues. */
export const useT = (): Translate => {
  const { intl } = useI18n()
  return useMemo(() => (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values) as string, [intl])
}
