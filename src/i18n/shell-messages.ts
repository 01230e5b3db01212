import type { LocaleBundles } from '../plugin-host/define-plugin.ts'

/**
 * The shell's own messages, in one bundle per language: the shell's (`shell.*`) and the shared
 * question engine's (`questions.*`, src/questions/locales), which any feature showing a question uses.
 * Both are loaded with the plugins' messages when a language is first shown (src/app/registry.ts).
 */
export const shellMessages: LocaleBundles = {
  en: async () => {
    const [shell, questions] = await Promise.all([import('./locales/en.json'), import('../questions/locales/en.json')])
    return { default: { ...shell.default, ...questions.default } }
  },
  ar: async () => {
    const [shell, questions] = await Promise.all([import('./locales/ar.json'), import('../questions/locales/ar.json')])
    return { default: { ...shell.default, ...questions.default } }
  },
}
