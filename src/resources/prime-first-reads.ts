import type { FirstRead } from '../plugin-host/define-plugin.ts'
import { localeStore } from '../i18n/locale-store.ts'
import { accountIdOf } from '../session/storage.ts'
import { primeResource } from './resource.ts'

/**
 * Boot's first reads, decoded into the page's resource cache (as `token`'s account, in the current
 * language) before the first render, so the page draws their answers at once. The API client takes
 * the answers boot asked for early; a read that fails is left for the page to ask again.
 */
export const primeFirstReads = async ({ reads, token }: { readonly reads: ReadonlyArray<FirstRead>; readonly token: string }): Promise<void> => {
  const account = accountIdOf(token)
  if (account === null) return
  await Promise.all(reads.map((read) => primeResource(account, localeStore.get(), read.key, () => read.load({ token }), () => read.load())))
}
