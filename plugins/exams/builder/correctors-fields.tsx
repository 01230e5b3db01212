import { css } from 'styled-system/css'
import type { CorrectorCandidate } from '../contract/exam-views.ts'
import { totalPercentage } from '../contract/exam-rules.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { Select } from '../../../src/ui/select.tsx'
import type { CorrectorRow } from './form-values.ts'

/**
 * The exam's correctors, each with her percentage of the papers (split) or of the mark (double): add,
 * remove, the running total in sight (the shares must total 100, as exam-rules.ts says).
 */
export function CorrectorsFields({
  rows,
  onChange,
  candidates,
  errors,
  disabled,
  shareLocked,
  mayRemove,
  onRemoveRequest,
}: {
  rows: ReadonlyArray<CorrectorRow>
  onChange: (rows: ReadonlyArray<CorrectorRow>) => void
  candidates: ReadonlyArray<CorrectorCandidate>
  errors: Readonly<Record<string, string>>
  disabled: boolean
  /** Why her share cannot change now (her machine says so), shown under it; undefined: it can. */
  shareLocked?: (row: CorrectorRow) => string | undefined
  /** Whether she may be taken off (default: yes). */
  mayRemove?: (row: CorrectorRow) => boolean
  /** Asks before removing (a confirmation); without it a row goes at once. */
  onRemoveRequest?: (index: number) => void
}) {
  const t = useT()
  const change = (index: number, row: Partial<CorrectorRow>) => onChange(rows.map((old, at) => (at === index ? { ...old, ...row } : old)))
  const total = totalPercentage(rows.map((row) => ({ percentage: Number(row.percentage) || 0 })))
  const unused = candidates.filter((candidate) => !rows.some((row) => row.correctorId === candidate.id))
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })} disabled={disabled}>
      <legend className={css({ fontWeight: 'semibold', marginBlockEnd: '2' })}>{t('exams.form.correctors')}</legend>
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="exam-correctors">
        {rows.map((row, index) => {
          const locked = shareLocked?.(row)
          const mine = candidates.filter((candidate) => candidate.id === row.correctorId || !rows.some((other) => other.correctorId === candidate.id))
          return (
            <li
              key={index}
              className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '2fr 1fr auto' }, gap: '3', alignItems: 'end' })}
              data-testid="exam-corrector"
            >
              <Select
                id={`exam-correctors.${index}.correctorId`}
                label={t('exams.form.corrector', { number: index + 1 })}
                options={mine.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                value={row.correctorId}
                onValueChange={(correctorId) => change(index, { correctorId })}
                error={errors[`correctors.${index}.correctorId`]}
                testId={`exam-corrector-${index}`}
              />
              <TextField
                id={`exam-correctors.${index}.percentage`}
                label={t('exams.form.percentage')}
                inputMode="decimal"
                value={row.percentage}
                onValueChange={(percentage) => change(index, { percentage })}
                error={errors[`correctors.${index}.percentage`]}
                disabled={locked !== undefined}
                helper={locked}
                testId={`exam-corrector-percentage-${index}`}
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={mayRemove?.(row) === false}
                onClick={() => (onRemoveRequest ? onRemoveRequest(index) : onChange(rows.filter((_, at) => at !== index)))}
                aria-label={t('exams.form.removeCorrector', { number: index + 1 })}
                data-testid={`exam-corrector-remove-${index}`}
              >
                {t('exams.form.remove')}
              </Button>
            </li>
          )
        })}
      </ol>
      <p className={css({ fontSize: 'sm', fontWeight: 'medium' })} data-testid="exam-correctors-total" aria-live="polite">
        {t('exams.form.percentTotal', { total })}
      </p>
      <div id="exam-correctors" tabIndex={-1}>
        {errors.correctors ? (
          <p className={css({ color: 'danger.default', fontSize: 'sm' })} role="alert" data-testid="exam-correctors-error">
            {errors.correctors}
          </p>
        ) : null}
      </div>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={unused.length === 0}
          onClick={() => onChange([...rows, { correctorId: unused[0]?.id ?? '', percentage: '' }])}
          data-testid="exam-corrector-add"
        >
          {t('exams.form.addCorrector')}
        </Button>
      </div>
    </fieldset>
  )
}
