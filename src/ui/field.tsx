import { Field as ArkField } from '@ark-ui/react/field'
import { css, cx } from 'styled-system/css'
import type { InputHTMLAttributes, ReactNode } from 'react'

export const fieldRoot = css({ display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' })
export const fieldLabel = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
export const fieldError = css({ fontSize: 'sm', color: 'danger.default' })
export const fieldHelper = css({ fontSize: 'xs', color: 'fg.muted' })
export const inputStyle = css({
  width: 'full',
  height: '10',
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'md',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: 'none', borderColor: 'accent.default', boxShadow: '0 0 0 3px token(colors.accent.muted)' },
  _invalid: { borderColor: 'danger.default', _focusVisible: { boxShadow: '0 0 0 3px token(colors.danger.border)' } },
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

/** Label, input and inline message (Ark Field wires ids, aria-invalid and aria-describedby). */
export function TextField({ label, value, onValueChange, error, helper, testId, endSlot, className, required, disabled, ...input }: TextFieldProps) {
  return (
    <ArkField.Root invalid={error !== undefined && error !== ''} required={required} disabled={disabled} className={cx(fieldRoot, className)}>
      <ArkField.Label className={fieldLabel}>{label}</ArkField.Label>
      <div className={css({ position: 'relative', display: 'flex', alignItems: 'center' })}>
        <ArkField.Input
          className={cx(inputStyle, endSlot ? css({ paddingInlineEnd: '11' }) : undefined)}
          value={value}
          onChange={(e) => onValueChange(e.currentTarget.value)}
          data-testid={testId}
          {...input}
        />
        {endSlot ? <div className={css({ position: 'absolute', insetInlineEnd: '1', display: 'flex' })}>{endSlot}</div> : null}
      </div>
      {helper ? <ArkField.HelperText className={fieldHelper}>{helper}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={fieldError}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  )
}
