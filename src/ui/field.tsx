import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// minWidth 0: a field takes the width it is given and never widens its grid cell or card (a date
// input's own minimum width pushed the homework form's date row past its card on a phone).
export const fieldRoot = css({ display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full', minWidth: '0' })
export const fieldLabel = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
export const fieldError = css({ fontSize: 'sm', color: 'danger.default' })
export const fieldHelper = css({ fontSize: 'xs', color: 'fg.muted' })
export const inputStyle = css({
  width: 'full',
  minWidth: '0',
  height: { base: '11', md: '10' }, // 44 px tap targets on phones
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'md',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: '2px solid transparent', outlineOffset: '2px', borderColor: 'accent.default', boxShadow: '0 0 0 3px token(colors.accent.muted)' },
  // Not _invalid: that also matches the native :invalid of an empty required field before any attempt.
  '&[aria-invalid=true]': { borderColor: 'danger.default', _focusVisible: { boxShadow: '0 0 0 3px token(colors.danger.border)' } },
  _disabled: { bg: 'bg.subtle', cursor: 'not-allowed' },
})

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: string
  readonly value: string
  readonly onValueChange: (value: string) => void
  /** The inline validation message; the input gets aria-invalid and aria-describedby pointing at it. */
  readonly error?: string | undefined
  readonly helper?: ReactNode
  readonly testId?: string
  readonly endSlot?: ReactNode
}

/**
 * Label, input, helper and inline message, wired by ids: aria-invalid when there is a message,
 * aria-describedby naming the message (and the helper). Plain elements: the sign-in page loads this.
 */
export function TextField({ label, value, onValueChange, error, helper, testId, endSlot, className, id, required, ...input }: TextFieldProps) {
  const auto = useId()
  const inputId = id ?? `field-${auto}`
  const helperId = `${inputId}-helper`
  const errorId = `${inputId}-error`
  const invalid = error !== undefined && error !== ''
  const describedBy = [invalid ? errorId : null, helper && !invalid ? helperId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cx(fieldRoot, className)} data-invalid={invalid || undefined}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <div className={css({ position: 'relative', display: 'flex', alignItems: 'center' })}>
        <input
          id={inputId}
          className={cx(inputStyle, endSlot ? css({ paddingInlineEnd: '12' }) : undefined)}
          value={value}
          onChange={(e) => onValueChange(e.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          data-testid={testId}
          {...input}
        />
        {endSlot ? <div className={css({ position: 'absolute', insetInlineEnd: '1', display: 'flex' })}>{endSlot}</div> : null}
      </div>
      {helper && !invalid ? (
        <span id={helperId} className={fieldHelper}>
          {helper}
        </span>
      ) : null}
      {invalid ? (
        <span id={errorId} className={fieldError} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
