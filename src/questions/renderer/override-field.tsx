import { useState } from 'react'
import { isValidDegree } from '../../../contracts/questions/limits.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { typedInLocaleDigits } from '../../i18n/typed-digits.ts'
import { TextField } from '../../ui/field.tsx'
import { parseDegree } from '../drafts.ts'

/** Marks 0 to `max` in halves (as the degrees are); null = keep the computed score. */
export const isValidOverride = (value: number, max: number): boolean => value === 0 || (isValidDegree(value) && value <= max)

/** The corrector's own marks for a question, replacing the computed score (or giving one to a hand-marked question). */
export function OverrideField({
  id,
  max,
  value,
  onChange,
  onValidity,
}: {
  id: string
  max: number
  value: number | null
  onChange: (value: number | null) => void
  /** Told whether what is typed is a mark (an invalid one is never passed to onChange, so the corrector must know to refuse). */
  onValidity?: (valid: boolean) => void
}) {
  const t = useT()
  const { intl, locale } = useI18n()
  const [text, setText] = useState(value === null ? '' : intl.formatNumber(value, { useGrouping: false }))
  const parsed = parseDegree(text)
  const invalid = parsed !== null && !isValidOverride(parsed, max)
  return (
    <TextField
      id={id}
      label={t('questions.view.override', { max })}
      inputMode="decimal"
      value={text}
      error={invalid ? t('questions.view.overrideInvalid', { max }) : undefined}
      onValueChange={(typed) => {
        const next = typedInLocaleDigits(typed, locale)
        setText(next)
        const number = parseDegree(next)
        const valid = number === null || isValidOverride(number, max)
        onValidity?.(valid)
        if (number === null) onChange(null)
        else if (valid) onChange(number)
      }}
      testId="question-override"
    />
  )
}
