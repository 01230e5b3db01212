import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { HttpApiGroup } from 'effect/http-api'
import { describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { FeatureRuleMessages, ruleMessagesOfApi } from '../../contracts/feature-rule-messages.ts'
import { validationMessages } from '../../contracts/validation-format.ts'
import type { ValidationKey } from '../../contracts/validation.ts'

const root = join(import.meta.dirname, '..', '..')

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'node_modules' ? [] : sourcesUnder(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })

/** Every source file of the app (core and features, both tiers) with the rule keys it names as quoted literals. */
const keysNamedBy = (keys: ReadonlyArray<string>): Map<string, Set<string>> => {
  const files = ['src', 'server', 'contracts', 'machines', 'workers', 'plugins'].flatMap((dir) => sourcesUnder(join(root, dir)))
  const users = new Map<string, Set<string>>(keys.map((key) => [key, new Set<string>()]))
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const key of keys) if (new RegExp(`['"\`]${key}['"\`]`).test(text)) users.get(key)!.add(relative(root, file))
  }
  return users
}

const featureFiles = readdirSync(join(root, 'plugins')).flatMap((feature) => {
  const path = join(root, 'plugins', feature, 'contract', 'validation-messages.json')
  try {
    return [{ feature, messages: JSON.parse(readFileSync(path, 'utf8')) as Record<string, { en: string; ar: string }> }]
  } catch {
    return []
  }
})

describe("a feature's rule messages are its contract's, composed with its API groups", () => {
  it("the core's file holds no key a single feature alone names: such a key belongs in that feature's contract", () => {
    const users = keysNamedBy(Object.keys(validationMessages))
    const ownedByOne = [...users].filter(([, files]) => {
      const owners = new Set([...files].map((file) => (file.startsWith('plugins/') ? file.split('/')[1] : 'core')))
      return owners.size === 1 && !owners.has('core')
    })
    expect(ownedByOne.map(([key, files]) => `${key}: ${[...files].join(', ')}`)).toEqual([])
  })

  it("no key of a feature's file is in the core's or another feature's; each is named by its own feature only", () => {
    expect(featureFiles.map(({ feature }) => feature).sort()).toEqual(['classroom', 'courses', 'exams', 'homework'])
    const allFeatureKeys = featureFiles.flatMap(({ messages }) => Object.keys(messages))
    const users = keysNamedBy(allFeatureKeys)
    for (const { feature, messages } of featureFiles)
      for (const key of Object.keys(messages)) {
        expect(key in validationMessages, `${feature}'s ${key} is in the core's file`).toBe(false)
        expect(featureFiles.filter((other) => key in other.messages).length, `${key} is declared by two features`).toBe(1)
        const named = [...users.get(key)!]
        expect(named.length, `${feature}'s ${key} is never raised`).toBeGreaterThan(0)
        expect(
          named.filter((file) => !file.startsWith(`plugins/${feature}/`)),
          `${feature}'s ${key}`,
        ).toEqual([])
      }
  })

  it('the composed API words every key of the core and of every feature, in both languages', () => {
    const composed = ruleMessagesOfApi(FaslApi)
    for (const source of [validationMessages, ...featureFiles.map(({ messages }) => messages)])
      for (const [key, message] of Object.entries(source)) {
        expect(composed[key], key).toEqual(message)
        expect(message.en.length, key).toBeGreaterThan(0)
        expect(message.ar.length, key).toBeGreaterThan(0)
      }
  })

  it('two groups declaring one key with different texts fail when the API is composed', () => {
    const group = (id: string, en: string) => HttpApiGroup.make(id).annotate(FeatureRuleMessages, { someRule: { en, ar: en } })
    expect(() => ruleMessagesOfApi({ groups: { a: group('a', 'one'), b: group('b', 'two') } })).toThrow(/someRule/)
  })

  it("types the keys: a feature's key is a ValidationKey, a misspelt one fails the typecheck", () => {
    const own: ValidationKey = 'dueAfterStart'
    // @ts-expect-error misspelt
    const misspelt: ValidationKey = 'dueAfterStrat'
    expect([own, misspelt]).toHaveLength(2)
  })
})
