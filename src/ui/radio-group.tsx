import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { fieldError, fieldLabel } from './field.tsx'

export interface RadioOption {
  readonly value: string
  readonly label: ReactNode
  readonly testId?: string
}

/** One choice among a few, all in sight (Ark: arrow keys move and choose, following the reading direction). */
export function RadioGroup({
  label,
  options,
  value,
  onValueChange,
  error,
  id,
  orientation = 'vertical',
  disabled,
}: {
  label: ReactNode
  options: ReadonlyArray<RadioOption>
  value: string | null
  onValueChange: (value: string) => void
  error?: string | undefined
  id?: string
  orientation?: 'vertical' | 'horizontal'
  disabled?: boolean
}) {
  return (
    <ArkRadioGroup.Root
      id={id}
      value={value}
      onValueChange={(d) => d.value !== null && onValueChange(d.value)}
      orientation={orientation}
      disabled={disabled}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
    >
      <ArkRadioGroup.Label className={fieldLabel}>{label}</ArkRadioGroup.Label>
      <div
        className={css({
          display: 'flex',
          flexDirection: orientation === 'vertical' ? 'column' : 'row',
          flexWrap: 'wrap',
          gap: orientation === 'vertical' ? '0' : '4',
        })}
      >
        {options.map((option) => (
          <ArkRadioGroup.Item
            key={option.value}
            value={option.value}
            data-testid={option.testId}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              minHeight: { base: '11', md: '8' },
              cursor: 'pointer',
              fontSize: 'sm',
              _disabled: { cursor: 'default' },
            })}
          >
            <ArkRadioGroup.ItemControl
              className={css({
                width: '5',
                height: '5',
                flexShrink: 0,
                borderRadius: 'full',
                borderWidth: '2px',
                borderColor: 'border.strong',
                bg: 'bg.surface',
                _checked: { borderColor: 'accent.default', borderWidth: '6px' },
                _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
              })}
            />
            <ArkRadioGroup.ItemText>{option.label}</ArkRadioGroup.ItemText>
            <ArkRadioGroup.ItemHiddenInput />
          </ArkRadioGroup.Item>
        ))}
      </div>
      {error ? <span className={fieldError}>{error}</span> : null}
    </ArkRadioGroup.Root>
  )
}
