import coursesRuleMessages from './validation-messages.json' with { type: 'json' }

/**
 * The texts of courses's own rules, in both languages: carried by its API group
 * (contracts/feature-rule-messages.ts) for the server, and by its plugin (plugin.ts) for the client.
 */
export { coursesRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of courses stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof coursesRuleMessages, true> {}
}
