import homeworkRuleMessages from './validation-messages.json' with { type: 'json' }

/**
 * The texts of homework's own rules, in both languages: carried by its API group
 * (contracts/feature-rule-messages.ts) for the server, and by its plugin (plugin.ts) for the client.
 */
export { homeworkRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of homework stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof homeworkRuleMessages, true> {}
}
