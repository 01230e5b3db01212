import { useId, type TextareaHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { fieldError, fieldLabel, fieldRoot, inputStyle } from './field.tsx'

/** A multi-line text field: label, text area and inline message wired by ids, like TextField. */
export function TextArea({ label, value, onValueChange, error, testId, id, className, rows = 3, ...rest }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & { label: string; value: string; onValueChange: (value: string) => void; error?: string | undefined; testId?: string }) {
  const auto = useId()
  const inputId = id ?? `area-${auto}`
  const invalid = error !== undefined && error !== ''
  return (
    <div className={cx(fieldRoot, className)}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        dir="auto"
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${inputId}-error` : undefined}
        data-testid={testId}
        className={cx(inputStyle, css({ height: 'auto', minHeight: '20', paddingBlock: '2', resize: 'vertical', lineHeight: '1.5' }))}
        {...rest}
      />
      {invalid ? (
        <span id={`${inputId}-error`} className={fieldError} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
