import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { css } from 'styled-system/css'
import type { ReactNode } from 'react'

export interface TabItem {
  readonly value: string
  readonly label: ReactNode
  readonly content: ReactNode
  /** Names the trigger for tests (`data-testid`). */
  readonly testId?: string
}

const list = css({ display: 'flex', gap: '0', borderBlockEndWidth: '1px', borderColor: 'border.default', overflowX: 'auto', position: 'relative' })
const trigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  // A 44 px tap target (WCAG 2.5.5), whatever the text size.
  minHeight: '11',
  paddingBlock: '2.5',
  paddingInline: '3',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  borderBlockEndWidth: '2px',
  borderColor: 'transparent',
  marginBlockEnd: '-1px',
  _hover: { color: 'fg.default' },
  // The tab just clicked still has the pointer over it: it keeps the selected colour.
  _selected: { color: 'accent.default', borderColor: 'accent.default', _hover: { color: 'accent.default' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '-2px', borderRadius: 'md' },
})

/**
 * Tabs with roving focus and arrow keys that follow the reading direction (Ark). A panel is mounted
 * when first shown; with `unmountOnExit` it goes when another tab is chosen (so a form left there with
 * "Leave without saving" is really dropped, and holds no unsaved-work guard from a hidden panel).
 */
export function Tabs({
  items,
  value,
  onValueChange,
  label,
  unmountOnExit = false,
}: {
  items: ReadonlyArray<TabItem>
  value?: string
  onValueChange?: (value: string) => void
  label: string
  unmountOnExit?: boolean
}) {
  return (
    <ArkTabs.Root
      value={value}
      defaultValue={value === undefined ? items[0]?.value : undefined}
      onValueChange={(d) => onValueChange?.(d.value)}
      lazyMount
      unmountOnExit={unmountOnExit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
    >
      <ArkTabs.List className={list} aria-label={label}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} className={trigger} data-testid={item.testId}>
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={css({ _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' } })}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  )
}
