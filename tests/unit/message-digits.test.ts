import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { ruleMessagesOfApi } from '../../contracts/feature-rule-messages.ts'
import { numericArguments, withLocaleDigits } from '../../contracts/message-numbers.ts'
import { issueFormatter } from '../../contracts/validation-format.ts'
import { makeIntl, translator } from '../../src/i18n/intl.tsx'
import type { MessageId } from '../../src/i18n/message-ids.ts'
import { typedInLocaleDigits } from '../../src/i18n/typed-digits.ts'
import { parseDegree } from '../../src/questions/drafts.ts'

// A digit of a format's name (MP3, MP4) is part of the name, not a number.
const latin = /(?<![A-Za-z0-9])[0-9]/
const arabicIndic = /[٠-٩]/

describe('one numeral system per message', () => {
  it('finds the arguments a message formats as numbers itself, inside plurals and selects too', () => {
    const ast = new IntlMessageFormat(
      '{name}: {max} {n, plural, one {# mark} other {# marks of {total, number}}} {kind, select, a {{size}} other {}}',
      'en',
    ).getAst()
    expect([...numericArguments(ast)].sort()).toEqual(['n', 'total'])
  })

  it('formats only the plain number arguments, and keeps the values object when nothing changes', () => {
    const values = { name: 'Sara', max: 400, n: 3 }
    expect(withLocaleDigits(values, new Set(['n']), (value) => `<${value}>`)).toEqual({ name: 'Sara', max: '<400>', n: 3 })
    const untouched = { name: 'Sara', n: 3 }
    expect(withLocaleDigits(untouched, new Set(['n']), String)).toBe(untouched)
  })

  it('every rule message (the core’s and the features’) says its numbers in Arabic-Indic digits in Arabic and Latin ones in English', () => {
    const messages = ruleMessagesOfApi(FaslApi)
    const format = issueFormatter(messages)
    const wrong: string[] = []
    for (const [key, message] of Object.entries(messages)) {
      // Every argument a number (11), but a select's: its first choice.
      const values: Record<string, string | number> = {}
      const walk = (elements: ReadonlyArray<{ type: number; value?: unknown; options?: Record<string, { value: never[] }> }>) => {
        for (const element of elements) {
          if (typeof element.value === 'string' && element.type !== 0) values[element.value] = element.type === 5 ? Object.keys(element.options!)[0]! : 11
          for (const option of Object.values(element.options ?? {})) walk(option.value)
        }
      }
      walk(new IntlMessageFormat(message.en, 'en').getAst() as never)
      const issue = { field: 'f', key: key as never, values }
      const [english, arabic] = [format(issue, 'en'), format(issue, 'ar')]
      if (arabicIndic.test(english)) wrong.push(`en ${key}: ${english}`)
      if (latin.test(arabic)) wrong.push(`ar ${key}: ${arabic}`)
    }
    expect(wrong).toEqual([])
    expect(format({ field: 'phone', key: 'phoneRule' as never, values: { min: 8, max: 11 } }, 'ar')).toMatch(/٨.*١١/)
  })

  it('a client message with a plain number argument shows the language’s digits', () => {
    const id = 'test.pixels' as MessageId
    expect(translator(makeIntl('ar', { [id]: 'الحد {max} بكسل ({count, plural, one {صورة واحدة} other {# صور}})' }))(id, { max: 400, count: 3 })).toBe(
      'الحد ٤٠٠ بكسل (٣ صور)',
    )
    expect(translator(makeIntl('en', { [id]: 'at most {max} pixels' }))(id, { max: 400 })).toBe('at most 400 pixels')
  })
})

describe('a mark as it is typed', () => {
  it('shows the language’s digits and decimal mark, whichever the keyboard gave', () => {
    expect(typedInLocaleDigits('1.5', 'ar')).toBe('١٫٥')
    expect(typedInLocaleDigits('١٫5', 'ar')).toBe('١٫٥')
    expect(typedInLocaleDigits('12', 'ar')).toBe('١٢')
    expect(typedInLocaleDigits('١٫٥', 'en')).toBe('1.5')
    expect(typedInLocaleDigits('2.', 'en')).toBe('2.')
    expect(parseDegree(typedInLocaleDigits('1.5', 'ar'))).toBe(1.5)
    expect(parseDegree(typedInLocaleDigits('١٫', 'ar'))).toBeNaN()
  })
})
