import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

/**
 * Build step (vite.config.ts): every message catalogue is compiled from ICU strings to formatjs
 * syntax trees, so the browser formats without the ICU parser (formatjs' documented
 * "precompile + no-parser" setup; about 7 KB gzip off the first screen). It covers the locale
 * bundles (`**\/locales/{en,ar}.json` and `**\/locales/signed-out/{en,ar}.json`: key → message) and the shared validation messages
 * (`contracts/validation-messages.json` and each feature's `contract/*messages.json`, one or several files: key → { en, ar }). A message that does not parse fails
 * the build. Dev and the tests keep the strings and the parser.
 */
const localeBundle = /\/locales\/(?:signed-out\/)?(en|ar)\.json$/
const validationMessages = /\/(?:contracts|plugins\/[^/]+\/contract)\/[a-z-]*messages\.json$/

type Tree = { readonly [key: string]: string | Tree }

const compileTree = (tree: Tree, where: string): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]): [string, unknown] => {
      if (typeof value !== 'string') return [key, compileTree(value, `${where} ${key}`)]
      try {
        const ast: MessageFormatElement[] = parse(value)
        return [key, ast]
      } catch (error) {
        throw new Error(`${where}: message ${key} is not valid ICU`, { cause: error })
      }
    }),
  )

export const precompileMessages = (): Plugin => ({
  name: 'fasl:precompile-messages',
  apply: 'build',
  // Before vite's own JSON plugin, which then turns the compiled JSON into a module.
  enforce: 'pre',
  transform(code, id) {
    const path = id.split('?')[0] ?? id
    if (!localeBundle.test(path) && !validationMessages.test(path)) return null
    return { code: JSON.stringify(compileTree(JSON.parse(code) as Tree, path)), map: null }
  },
})
