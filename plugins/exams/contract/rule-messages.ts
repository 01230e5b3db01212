import examRuleMessages from './validation-messages.json' with { type: 'json' }

/**
 * The texts of the exam rules, in both languages: carried by the builder's API group
 * (contracts/feature-rule-messages.ts) for the server, and by the plugin (plugin.ts) for the client.
 */
export { examRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of the exams stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof examRuleMessages, true> {}
}
