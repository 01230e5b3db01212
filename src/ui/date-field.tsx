import type { IntlShape } from '@formatjs/intl'
import { useI18n } from '../i18n/intl.tsx'
import { TextField, type TextFieldProps } from './field.tsx'

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

/** A `YYYY-MM-DD` value as the reader reads dates ("Monday, November 23, 2026", "الاثنين، ٢٣ نوفمبر ٢٠٢٦"); null when empty or not a date. */
export const readableDate = (value: string, intl: Pick<IntlShape, 'formatDate'>): string | null => {
  const match = isoDate.exec(value)
  if (match === null) return null
  const [, year, month, day] = match
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null
  return intl.formatDate(date, { dateStyle: 'full', timeZone: 'UTC' })
}

/**
 * A date input: the browser's own picker, which writes the date in the browser's format (11/23/2026
 * on an English browser, whatever the page's language), with the date read out below it in the
 * page's language and numerals, and named by the input's description.
 */
export function DateField({ helper, ...props }: Omit<TextFieldProps, 'type'>) {
  const { intl } = useI18n()
  return <TextField {...props} type="date" helper={readableDate(props.value, intl) ?? helper} />
}
