import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/*
 * One numeral system per language in every message. ICU prints a plain argument (`{max}`) with
 * String(): Latin digits in an Arabic sentence ("400 بكسل") beside hints in Arabic-Indic ones. A
 * number given to such an argument is formatted in the message's locale first; the ones a message
 * formats itself (`{n, number}`, `{n, plural, …}`, `#`) are left to it (they need the number).
 */

// The parser's element types (@formatjs/icu-messageformat-parser TYPE), by value: the client must not load the parser.
const numberType = 2
const selectType = 5
const pluralType = 6
const tagType = 8

type Element = MessageFormatElement & {
  readonly value?: unknown
  readonly options?: Record<string, { readonly value: MessageFormatElement[] }>
  readonly children?: MessageFormatElement[]
}

/** The argument names a message formats as numbers itself, at any depth. */
export const numericArguments = (elements: ReadonlyArray<MessageFormatElement>, into: Set<string> = new Set()): Set<string> => {
  for (const element of elements as ReadonlyArray<Element>) {
    if ((element.type === numberType || element.type === pluralType) && typeof element.value === 'string') into.add(element.value)
    if ((element.type === selectType || element.type === pluralType) && element.options !== undefined)
      for (const option of Object.values(element.options)) numericArguments(option.value, into)
    if (element.type === tagType && element.children !== undefined) numericArguments(element.children, into)
  }
  return into
}

/**
 * `values` with each number the message prints as plain text formatted by `formatNumber` (the
 * locale's digits); `numeric`: what numericArguments found in the message. The same object when
 * nothing changes.
 */
export const withLocaleDigits = <V extends Readonly<Record<string, unknown>>>(
  values: V,
  numeric: ReadonlySet<string>,
  formatNumber: (value: number) => string,
): V => {
  let changed: Record<string, unknown> | null = null
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'number' && !numeric.has(name)) (changed ??= { ...values })[name] = formatNumber(value)
  return (changed ?? values) as V
}
