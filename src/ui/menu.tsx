import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { css } from 'styled-system/css'
import type { ReactNode } from 'react'

export interface MenuItem {
  readonly value: string
  readonly label: ReactNode
  readonly onSelect: () => void
  readonly testId?: string
  readonly danger?: boolean
}

/** A menu button (Ark: arrow keys, typeahead, Escape, focus return); placement is logical. */
export function Menu({ trigger, items, label, triggerTestId }: { trigger: ReactNode; items: ReadonlyArray<MenuItem>; label: string; triggerTestId?: string }) {
  return (
    <ArkMenu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => items.find((i) => i.value === d.value)?.onSelect()}>
      <ArkMenu.Trigger
        aria-label={label}
        data-testid={triggerTestId}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          paddingBlock: '1',
          paddingInline: '2',
          borderRadius: 'lg',
          cursor: 'pointer',
          _hover: { bg: 'bg.subtle' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
        })}
      >
        {trigger}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
          <ArkMenu.Content
            className={css({
              bg: 'bg.surface',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'lg',
              boxShadow: 'lg',
              padding: '1',
              minWidth: '12rem',
              zIndex: 'dropdown',
              _focusVisible: { outline: 'none' },
            })}
          >
            {items.map((item) => (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                data-testid={item.testId}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '2',
                  paddingBlock: '2',
                  paddingInline: '3',
                  borderRadius: 'md',
                  cursor: 'pointer',
                  fontSize: 'sm',
                  color: item.danger ? 'danger.default' : 'fg.default',
                  _highlighted: { bg: 'bg.subtle' },
                })}
              >
                {item.label}
              </ArkMenu.Item>
            ))}
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  )
}
