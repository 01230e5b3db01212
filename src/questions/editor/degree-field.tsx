import { useEffect, useState } from 'react'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { TextField } from '../../ui/field.tsx'
import { parseDegree } from '../drafts.ts'

/**
 * The question's degree as typed (Latin or Arabic-Indic digits, "1.5" or "١٫٥"). The text stays as
 * typed while it is edited; the draft holds the number it reads as (null when empty, NaN when it is
 * no number), which the builder rules judge.
 */
export function DegreeField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: number | null
  onChange: (degree: number | null) => void
  error: string | undefined
}) {
  const t = useT()
  const { intl } = useI18n()
  const shown = (degree: number | null) =>
    degree === null || Number.isNaN(degree) ? '' : intl.formatNumber(degree, { useGrouping: false, maximumFractionDigits: 1 })
  const [text, setText] = useState(() => shown(value))
  // Another value from outside (a reset, a loaded homework, the other language's digits): show it.
  useEffect(() => {
    setText((current) => (Object.is(parseDegree(current), value) ? current : shown(value)))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` follows intl, which is the point of re-running
  }, [value, intl])
  return (
    <TextField
      id={id}
      label={t('questions.editor.degree')}
      helper={t('questions.editor.degreeHelp')}
      inputMode="decimal"
      value={text}
      onValueChange={(next) => {
        setText(next)
        onChange(parseDegree(next))
      }}
      error={error}
    />
  )
}
