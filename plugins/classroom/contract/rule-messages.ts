import classroomRuleMessages from './validation-messages.json' with { type: 'json' }

/**
 * The texts of classroom's own rules, in both languages: carried by its API group
 * (contracts/feature-rule-messages.ts) for the server, and by its plugin (plugin.ts) for the client.
 */
export { classroomRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of classroom stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof classroomRuleMessages, true> {}
}
