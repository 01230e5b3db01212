import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { ruleMessagesOfApi } from '../../contracts/feature-rule-messages.ts'
import type { MessageId } from '../../src/i18n/message-ids.ts'
import { shellMessages } from '../../src/i18n/shell-messages.ts'
import { buildRegistry } from '../../src/plugin-host/registry.ts'
import { plugins } from '../../src/plugins.ts'

const bundles = [
  { id: 'shell', dir: 'src/i18n/locales' },
  { id: 'questions', dir: 'src/questions/locales' },
  ...readdirSync('plugins', { withFileTypes: true })
    // A feature with a client part (plugin.ts) has messages; one with only contract/ and server/ (admin) has none.
    .filter((entry) => entry.isDirectory() && existsSync(join('plugins', entry.name, 'plugin.ts')))
    // A plugin with pages for signed-out visitors keeps its messages in locales/signed-out/ (vite.config.ts).
    .map((entry) => ({
      id: entry.name,
      dir: existsSync(join('plugins', entry.name, 'locales', 'signed-out'))
        ? join('plugins', entry.name, 'locales', 'signed-out')
        : join('plugins', entry.name, 'locales'),
    })),
]

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] }
/** The argument names a message uses, read from its ICU syntax tree. */
const argumentsOf = (message: string): string[] => {
  const names = new Set<string>()
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type >= 1 && node.type <= 6 && node.value !== undefined) names.add(node.value)
      for (const option of Object.values(node.options ?? {})) walk(option.value)
      if (node.children) walk(node.children)
    }
  }
  walk(new IntlMessageFormat(message, 'en').getAst() as unknown as Node[])
  return [...names].sort()
}

const load = (dir: string, locale: 'en' | 'ar'): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>

describe.each(bundles)('locale bundle $id', ({ id, dir }) => {
  const en = load(dir, 'en')
  const ar = load(dir, 'ar')

  it('has every English key in Arabic (a missing Arabic key fails here, not in front of a user)', () => {
    expect(Object.keys(en).filter((key) => !(key in ar))).toEqual([])
  })

  it('has no Arabic key that English lacks', () => {
    expect(Object.keys(ar).filter((key) => !(key in en))).toEqual([])
  })

  it('names every key <pluginId>.<area>.<key>', () => {
    for (const key of Object.keys(en)) expect(key).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9]+\\.[A-Za-z0-9.]+$`))
  })

  it('parses every message as ICU in its language', () => {
    for (const [locale, messages] of [
      ['en-US', en],
      ['ar-EG', ar],
    ] as const)
      for (const [key, message] of Object.entries(messages)) {
        expect(() => new IntlMessageFormat(message, locale), `${locale} ${key}`).not.toThrow()
      }
  })

  it('uses the same placeholders in both languages', () => {
    for (const key of Object.keys(en)) if (ar[key] !== undefined) expect(argumentsOf(ar[key]), key).toEqual(argumentsOf(en[key]!))
  })
})

describe('the app catalogue (the shell and every plugin of src/plugins.ts, as the browser loads it)', () => {
  const registry = buildRegistry(plugins, shellMessages)

  it('has every English message in Arabic, and nothing English lacks', async () => {
    const [en, ar] = await Promise.all([registry.loadMessages('en'), registry.loadMessages('ar')])
    expect(Object.keys(en).length).toBeGreaterThan(100)
    expect(Object.keys(en).filter((key) => !(key in ar))).toEqual([])
    expect(Object.keys(ar).filter((key) => !(key in en))).toEqual([])
  })

  it("has every validation message (the core's and the features') in both languages, with the same placeholders", () => {
    for (const [key, message] of Object.entries(ruleMessagesOfApi(FaslApi))) {
      expect(message.ar, key).not.toBe('')
      expect(argumentsOf(message.ar), key).toEqual(argumentsOf(message.en))
    }
  })

  it('types message ids from the English catalogues: a misspelt or unknown id fails the typecheck', () => {
    const known: MessageId = 'auth.signIn.title'
    // @ts-expect-error misspelt
    const misspelt: MessageId = 'auth.signIn.titel'
    // @ts-expect-error a key that is only in no catalogue
    const unknown: MessageId = 'exams.list.nothing'
    expect([known, misspelt, unknown]).toHaveLength(3)
  })
})

/** The fixed text of a message (its literal nodes), without argument names or plural selectors such as `=0`. */
const literalTextOf = (message: string): string => {
  let text = ''
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 0) text += node.value ?? ''
      for (const option of Object.values(node.options ?? {})) walk(option.value)
      if (node.children) walk(node.children)
    }
  }
  walk(new IntlMessageFormat(message, 'ar').getAst() as unknown as Node[])
  return text
}

describe('one numeral system per language', () => {
  it('Arabic fixed text uses Arabic-Indic digits (٠–٩), never Latin ones, outside placeholders', () => {
    const latinDigits: string[] = []
    for (const bundle of bundles) {
      const messages = JSON.parse(readFileSync(join(bundle.dir, 'ar.json'), 'utf8')) as Record<string, string>
      for (const [id, message] of Object.entries(messages)) if (/[0-9]/.test(literalTextOf(message))) latinDigits.push(id)
    }
    expect(latinDigits).toEqual([])
  })
})
