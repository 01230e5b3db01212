import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { LocaleProvider } from '@ark-ui/react/locale'
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { Locale } from '../../contracts/errors.ts'
import { bcp47Of, localeStore } from './locale-store.ts'

export type Messages = Readonly<Record<string, string>>
export interface Catalogue {
  readonly en: Messages
  readonly ar: Messages
}

const cache = createIntlCache()

/** One intl per locale; an Arabic key that is missing falls back to English (the unit test keeps that from happening). */
export const makeIntl = (locale: Locale, catalogue: Catalogue): IntlShape =>
  createIntl(
    {
      locale: bcp47Of(locale),
      defaultLocale: 'en-US',
      messages: locale === 'ar' ? { ...catalogue.en, ...catalogue.ar } : catalogue.en,
      onError: (error) => {
        if (import.meta.env.DEV) console.warn(error.message)
      },
    },
    cache,
  )

interface I18nValue {
  readonly locale: Locale
  readonly intl: IntlShape
  readonly setLocale: (locale: Locale) => void
}

const I18nContext = createContext<I18nValue | null>(null)

export const useLocale = (): Locale => useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get)

export function I18nProvider({ catalogue, children }: { readonly catalogue: Catalogue; readonly children: ReactNode }) {
  const locale = useLocale()
  const value = useMemo<I18nValue>(() => ({ locale, intl: makeIntl(locale, catalogue), setLocale: localeStore.set }), [locale, catalogue])
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

type Values = Record<string, string | number | boolean | Date | null | undefined>

/** `t('auth.signIn.title')`: the message in the current language. */
export const useT = () => {
  const { intl } = useI18n()
  return useMemo(() => (id: string, values?: Values) => intl.formatMessage({ id }, values) as string, [intl])
}
