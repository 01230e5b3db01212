import type questions from '../questions/locales/en.json'
import type shell from './locales/en.json'

/**
 * The English catalogues, by owner. The shell's is here; each plugin adds its own from its
 * plugin.ts by declaration merging, so a new feature needs no edit in the shell:
 *
 *   import type en from './locales/en.json'
 *   declare module '../../src/i18n/message-ids.ts' {
 *     interface EnglishCatalogues { readonly exams: typeof en }
 *   }
 */
export interface EnglishCatalogues {
  readonly shell: typeof shell
  /** The shared question engine (src/questions), part of the shell's bundle (src/i18n/shell-messages.ts). */
  readonly questions: typeof questions
}

/** Every message id the English catalogues hold: `t('auth.signIn.titel')` fails the typecheck. */
export type MessageId = { [Owner in keyof EnglishCatalogues]: keyof EnglishCatalogues[Owner] & string }[keyof EnglishCatalogues]
