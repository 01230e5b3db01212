import takeExamRuleMessages from './take-exam-rule-messages.json' with { type: 'json' }

/** The texts of the take-exam flow's own rules, in both languages: carried by its API group (take-exam-api.ts). */
export { takeExamRuleMessages }

declare module '../../../contracts/validation.ts' {
  // Its keys join the rules' key type (ValidationKey), so an issue of the flow stays type-checked.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are all it adds
  interface FeatureValidationKeys extends Record<keyof typeof takeExamRuleMessages, true> {}
}
