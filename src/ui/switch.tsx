import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/** An on/off setting with its label and a hint under it (Ark: role switch, space toggles). */
export function Switch({
  checked,
  onCheckedChange,
  label,
  hint,
  testId,
}: {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  label: ReactNode
  hint?: ReactNode
  testId?: string
}) {
  return (
    <ArkSwitch.Root
      checked={checked}
      onCheckedChange={(d) => onCheckedChange(d.checked)}
      data-testid={testId}
      className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', minHeight: '11', paddingBlock: '1', cursor: 'pointer' })}
    >
      <ArkSwitch.Control
        className={css({
          display: 'inline-flex',
          flexShrink: 0,
          alignItems: 'center',
          width: '10',
          height: '6',
          padding: '0.5',
          marginBlockStart: '0.5',
          borderRadius: 'full',
          bg: 'border.strong',
          transition: 'background 0.15s',
          _checked: { bg: 'accent.default' },
          _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
        })}
      >
        <ArkSwitch.Thumb
          className={css({
            width: '5',
            height: '5',
            borderRadius: 'full',
            bg: 'bg.surface',
            boxShadow: 'sm',
            transition: 'translate 0.15s',
            _checked: { translate: '1rem 0', _rtl: { translate: '-1rem 0' } },
          })}
        />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm', color: 'fg.default' })}>
        <span className={css({ fontWeight: 'medium' })}>{label}</span>
        {hint ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{hint}</span> : null}
      </ArkSwitch.Label>
      <ArkSwitch.HiddenInput />
    </ArkSwitch.Root>
  )
}
