import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

const root = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: { base: '11', md: '8' },
  cursor: 'pointer',
  fontSize: 'sm',
  color: 'fg.default',
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
})
export const checkControl = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '5',
  height: '5',
  borderWidth: '2px',
  borderColor: 'border.strong',
  borderRadius: 'sm',
  bg: 'bg.surface',
  color: 'fg.onAccent',
  _checked: { bg: 'accent.default', borderColor: 'accent.default' },
  _invalid: { borderColor: 'danger.default' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
})

/** A labelled checkbox (Ark: a real input underneath, space toggles, label clicks count). */
export function Checkbox({
  checked,
  onCheckedChange,
  children,
  invalid,
  disabled,
  testId,
  className,
  describedBy,
}: {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  children: ReactNode
  invalid?: boolean
  disabled?: boolean
  testId?: string
  className?: string
  describedBy?: string
}) {
  return (
    <ArkCheckbox.Root
      checked={checked}
      onCheckedChange={(d) => onCheckedChange(d.checked === true)}
      invalid={invalid}
      disabled={disabled}
      className={cx(root, className)}
      data-testid={testId}
    >
      <ArkCheckbox.Control className={checkControl}>
        <ArkCheckbox.Indicator>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true" focusable="false">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label>{children}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput aria-describedby={describedBy} />
    </ArkCheckbox.Root>
  )
}
