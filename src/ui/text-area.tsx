import { useId, type TextareaHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { fieldError, fieldHelper, fieldLabel, fieldRoot, inputStyle } from './field.tsx'

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  readonly label: string
  readonly value: string
  readonly onValueChange: (value: string) => void
  readonly error?: string | undefined
  readonly helper?: string
  readonly testId?: string
}

/** A multi-line TextField: the same label, helper and inline message wiring (aria-invalid, aria-describedby); the text's own direction (dir=auto). */
export function TextArea({ label, value, onValueChange, error, helper, testId, id, required, className, rows = 3, ...rest }: TextAreaProps) {
  const auto = useId()
  const inputId = id ?? `field-${auto}`
  const invalid = error !== undefined && error !== ''
  const describedBy = invalid ? `${inputId}-error` : helper ? `${inputId}-helper` : undefined
  return (
    <div className={cx(fieldRoot, className)} data-invalid={invalid || undefined}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        dir="auto"
        className={cx(inputStyle, css({ height: 'auto', minHeight: '20', paddingBlock: '2', resize: 'vertical', lineHeight: '1.5' }))}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        data-testid={testId}
        {...rest}
      />
      {helper && !invalid ? (
        <span id={`${inputId}-helper`} className={fieldHelper}>
          {helper}
        </span>
      ) : null}
      {invalid ? (
        <span id={`${inputId}-error`} className={fieldError} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
