import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select'
import { Portal } from '@ark-ui/react/portal'
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { fieldError, fieldLabel, fieldRoot, inputStyle } from './field.tsx'
import { ChevronDownIcon } from './icons.tsx'

export interface SelectOption {
  readonly value: string
  readonly label: string
}

/** A single-choice select (Ark: listbox semantics, typeahead, keyboard). */
export function Select({
  label,
  options,
  value,
  onValueChange,
  error,
  testId,
  name,
  id,
}: {
  label: string
  options: ReadonlyArray<SelectOption>
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  testId?: string
  name?: string
  id?: string
}) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options])
  return (
    <ArkSelect.Root
      collection={collection}
      value={[value]}
      onValueChange={(d) => d.value[0] !== undefined && onValueChange(d.value[0])}
      invalid={!!error}
      name={name}
      positioning={{ sameWidth: true }}
      className={fieldRoot}
      ids={id === undefined ? undefined : { trigger: id }}
    >
      <ArkSelect.Label className={fieldLabel}>{label}</ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger
          className={css({
            display: 'flex',
            width: 'full',
            cursor: 'pointer',
            textAlign: 'start',
            borderRadius: 'lg',
            _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
          })}
          data-testid={testId}
        >
          <span className={inputStyle + ' ' + css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' })}>
            <ArkSelect.ValueText />
            <ArkSelect.Indicator className={css({ color: 'fg.muted', display: 'inline-flex', transition: 'rotate 0.15s', _open: { rotate: '180deg' } })}>
              <ChevronDownIcon />
            </ArkSelect.Indicator>
          </span>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <Portal>
        <ArkSelect.Positioner>
          <ArkSelect.Content
            className={css({
              bg: 'bg.surface',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'lg',
              boxShadow: 'lg',
              padding: '1',
              // Above a dialog (modal): a select inside one (homework's copy dialog) opens over it.
              zIndex: 'popover',
              _focusVisible: { outline: 'none' },
            })}
          >
            {collection.items.map((item) => (
              <ArkSelect.Item
                key={item.value}
                item={item}
                className={css({
                  display: 'flex',
                  justifyContent: 'space-between',
                  paddingBlock: '2',
                  paddingInline: '3',
                  borderRadius: 'md',
                  cursor: 'pointer',
                  fontSize: 'sm',
                  _highlighted: { bg: 'accent.subtle' },
                  _selected: { fontWeight: 'semibold', color: 'accent.emphasis' },
                })}
              >
                <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator>✓</ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      {error ? <span className={fieldError}>{error}</span> : null}
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  )
}
