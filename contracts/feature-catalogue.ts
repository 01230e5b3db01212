import { Context } from 'effect'
import { catalogue } from './core-catalogue.ts'
import type { Message } from './errors.ts'

/**
 * A feature's own response codes and their texts (Fasl's range, 139 and up), declared in its
 * contract and carried by its API groups as this annotation
 * (`HomeworkGroup.annotate(FeatureCatalogue, homeworkCatalogue)`), so the API the groups are composed
 * into (contracts/api.ts) brings them along and the core names no feature. Apart from errors.ts:
 * the sign-in page reads errors.ts and needs neither Effect's Context nor these texts.
 */
export class FeatureCatalogue extends Context.Service<FeatureCatalogue, Readonly<Record<number, Message>>>()('fasl/FeatureCatalogue') {}

interface Annotated {
  readonly annotations: Context.Context<never>
}

/** The core's catalogue with every code the API's groups declare: what the server words failures with. */
export const catalogueOfApi = (api: { readonly groups: Readonly<Record<string, Annotated>> }): Readonly<Record<number, Message>> => {
  const whole: Record<number, Message> = { ...catalogue }
  for (const group of Object.values(api.groups)) {
    const own = Context.getOrUndefined(group.annotations, FeatureCatalogue)
    for (const [code, message] of Object.entries(own ?? {})) {
      if (code in whole && whole[Number(code)] !== message) throw new Error(`response code ${code} is declared twice`)
      whole[Number(code)] = message
    }
  }
  return whole
}
