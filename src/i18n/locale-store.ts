import type { Locale } from '../../contracts/errors.ts'

/** The current locale, kept on the device (spec §1: defaults to English); `<html lang dir>` follows it. */
export const localeStorageKey = 'locale'

export const parseLocale = (value: string | null | undefined): Locale => (value === 'ar' ? 'ar' : 'en')
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr')
/**
 * The language tag for formatting. One numeral system per language across the interface: Arabic
 * uses Arabic-Indic digits (ar-EG's default numbering system, ٠–٩) for numbers formatted at run
 * time AND in fixed message text (tests/unit/locales.test.ts checks the catalogues); English uses Latin digits.
 * Typed input accepts both (contracts/validation.ts normalises Arabic-Indic digits).
 */
export const bcp47Of = (locale: Locale): string => (locale === 'ar' ? 'ar-EG' : 'en-US')

const read = (): Locale => {
  try {
    return parseLocale(localStorage.getItem(localeStorageKey))
  } catch {
    return 'en'
  }
}

let current: Locale = typeof window === 'undefined' ? 'en' : read()
const listeners = new Set<() => void>()

const applyToDocument = (locale: Locale) => {
  if (typeof document === 'undefined') return
  document.documentElement.lang = locale
  document.documentElement.dir = directionOf(locale)
}

export const localeStore = {
  get: (): Locale => current,
  set: (locale: Locale) => {
    if (locale === current) return
    current = locale
    try {
      localStorage.setItem(localeStorageKey, locale)
    } catch {
      /* private mode: keep it in memory */
    }
    applyToDocument(locale)
    for (const listener of listeners) listener()
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  applyToDocument: () => applyToDocument(current),
}
