import type { Locale } from '../../contracts/errors.ts'
import type { Issue } from '../../contracts/validation.ts'
import type { ApiProblem } from '../api/problem.ts'
import { issuesToFields, splitProblem, type FieldErrors } from './issues.ts'

/**
 * The state of one form, as a pure reducer (src/forms/use-form.ts is its React face):
 *  - the values;
 *  - `touched`: set by the first submit attempt; from then on the rules' messages show inline
 *    (never while the teacher is still typing a first time);
 *  - `busy` while the server has the form;
 *  - the server's refusal: a 105 answer's validation list lands on its fields, a code the form
 *    declares as a field's (e.g. 138 "old password incorrect") lands on that field, anything else
 *    is one message above the form. A field's server message goes when that field is edited.
 */
export type FormValues = Readonly<Record<string, string>>

export interface FormState<Values extends FormValues> {
  readonly values: Values
  readonly touched: boolean
  readonly busy: boolean
  /** A submit passed the rules and went to the server (sign-in shows a link failure only before that). */
  readonly sent: boolean
  readonly serverFields: FieldErrors
  readonly serverMessage: string | null
}

export type FormEvent<Values extends FormValues> =
  | { readonly type: 'change'; readonly field: keyof Values & string; readonly value: string }
  | { readonly type: 'submit' }
  | { readonly type: 'send' }
  | { readonly type: 'accepted' }
  | { readonly type: 'refused'; readonly problem: ApiProblem; readonly fieldCodes?: Readonly<Record<number, string>> | undefined }
  | { readonly type: 'reset'; readonly values: Values }

export const initialFormState = <Values extends FormValues>(values: Values): FormState<Values> => ({
  values,
  touched: false,
  busy: false,
  sent: false,
  serverFields: {},
  serverMessage: null,
})

/** Where a refusal goes: its own field (declared codes), the fields of a 105 answer, or the form. */
export const placeProblem = (problem: ApiProblem, fieldCodes: Readonly<Record<number, string>> = {}): { fields: FieldErrors; message: string | null } => {
  const field = fieldCodes[problem.code]
  return field === undefined ? splitProblem(problem) : { fields: { [field]: problem.message }, message: null }
}

export const formReducer = <Values extends FormValues>(state: FormState<Values>, event: FormEvent<Values>): FormState<Values> => {
  switch (event.type) {
    case 'change': {
      const { [event.field]: _answered, ...serverFields } = state.serverFields
      return { ...state, values: { ...state.values, [event.field]: event.value }, serverFields }
    }
    case 'submit':
      return { ...state, touched: true }
    case 'send':
      return { ...state, busy: true, sent: true, serverFields: {}, serverMessage: null }
    case 'accepted':
      return { ...state, busy: false }
    case 'refused': {
      const placed = placeProblem(event.problem, event.fieldCodes)
      return { ...state, busy: false, serverFields: placed.fields, serverMessage: placed.message }
    }
    case 'reset':
      return initialFormState(event.values)
  }
}

/** The message under each field: the rules' (once touched) over the server's. */
export const fieldErrorsOf = (state: FormState<FormValues>, issues: ReadonlyArray<Issue>, locale: Locale): FieldErrors => ({
  ...state.serverFields,
  ...(state.touched ? issuesToFields(issues, locale) : {}),
})

/** The first field, in the form's order, that a rule refuses (where the focus goes on a refused submit). */
export const firstInvalidField = (issues: ReadonlyArray<Issue>): string | undefined => issues[0]?.field
