import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select'
import { Portal } from '@ark-ui/react/portal'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { fieldError, fieldHelper, fieldLabel, fieldRoot, inputStyle } from './field.tsx'
import { ChevronDownIcon } from './icons.tsx'

export interface SelectOption {
  readonly value: string
  readonly label: string
}

interface SelectProps {
  label: string
  options: ReadonlyArray<SelectOption>
  error?: string | undefined
  /** A line under the field saying what the choice means (the trigger is described by it). */
  helper?: string | undefined
  testId?: string
  name?: string
  id?: string
}

/** A single-choice select (Ark: listbox semantics, typeahead, keyboard). */
export function Select({ value, onValueChange, ...props }: SelectProps & { value: string; onValueChange: (value: string) => void }) {
  // Nothing chosen ('' and no option of that value) is no value: the arrow keys then start at the first option.
  const values = value === '' && !props.options.some((option) => option.value === '') ? [] : [value]
  return <ArkSelectField {...props} values={values} onValuesChange={(next) => next[0] !== undefined && onValueChange(next[0])} />
}

/**
 * A select of several choices (Ark: a multi-selectable listbox that stays open while she picks; Enter
 * or Space toggles the highlighted one). `valueText` says what is chosen, in the caller's words.
 */
export function MultiSelect({
  values,
  onValuesChange,
  valueText,
  ...props
}: SelectProps & { values: ReadonlyArray<string>; onValuesChange: (values: ReadonlyArray<string>) => void; valueText: string }) {
  return <ArkSelectField {...props} multiple values={values} onValuesChange={onValuesChange} valueText={valueText} />
}

function ArkSelectField({
  label,
  options,
  values,
  onValuesChange,
  multiple = false,
  valueText,
  error,
  helper,
  testId,
  name,
  id,
}: SelectProps & {
  values: ReadonlyArray<string>
  onValuesChange: (values: ReadonlyArray<string>) => void
  multiple?: boolean
  valueText?: string
}) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options])
  const helperId = `${useId()}-helper`
  return (
    <ArkSelect.Root
      collection={collection}
      value={[...values]}
      onValueChange={(d) => onValuesChange(d.value)}
      multiple={multiple}
      closeOnSelect={!multiple}
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
          aria-describedby={helper && !error ? helperId : undefined}
        >
          <span className={inputStyle + ' ' + css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' })}>
            <ArkSelect.ValueText>{valueText}</ArkSelect.ValueText>
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
      {helper && !error ? (
        <span id={helperId} className={fieldHelper} data-testid={testId === undefined ? undefined : `${testId}-helper`}>
          {helper}
        </span>
      ) : null}
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  )
}
