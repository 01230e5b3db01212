import { Context } from 'effect'
import { addRuleMessages, validationMessages, type RuleMessages } from './validation-format.ts'

/**
 * The texts of a feature's own rules (plugins/<feature>/contract/validation-messages.json), carried
 * by one of its API groups as this annotation (`HomeworkGroup.annotate(FeatureRuleMessages, …)`),
 * as its response codes are (feature-catalogue.ts): the composed API (contracts/api.ts) brings them
 * along and the core names no feature.
 */
export class FeatureRuleMessages extends Context.Service<FeatureRuleMessages, RuleMessages>()('fasl/FeatureRuleMessages') {}

interface Annotated {
  readonly annotations: Context.Context<never>
}

/** The core's rule messages with every set the API's groups declare: what the server words 105's list with. */
export const ruleMessagesOfApi = (api: { readonly groups: Readonly<Record<string, Annotated>> }): RuleMessages => {
  const whole: Record<string, RuleMessages[string]> = {}
  addRuleMessages(whole, validationMessages)
  for (const group of Object.values(api.groups)) addRuleMessages(whole, Context.getOrUndefined(group.annotations, FeatureRuleMessages) ?? {})
  return whole
}
