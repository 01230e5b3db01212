import { useCallback, useReducer, type FormEvent as SubmitEvent } from 'react'
import type { Issue } from '../../contracts/validation.ts'
import { problemOf } from '../api/client.ts'
import type { ApiProblem } from '../api/problem.ts'
import { useI18n } from '../i18n/intl.tsx'
import { fieldErrorsOf, firstInvalidField, formReducer, initialFormState, type FormValues } from './form-state.ts'
import { loadIssueMessages } from './issue-messages.ts'

export interface FormOptions<Values extends FormValues> {
  /** Prefix of the fields' element ids (`<id>-<field>`), so a refused submit can focus the first bad field. */
  readonly id: string
  readonly initial: Values
  /** The rules, from contracts/validation.ts (the server runs the same ones). */
  readonly rules: (values: Values) => ReadonlyArray<Issue>
  /** Sends the form; a rejection with an ApiProblem becomes inline messages or the form's message. */
  readonly submit: (values: Values) => Promise<void> | void
  /** Answer codes that belong to one field, e.g. `{ 138: 'oldPassword' }`. */
  readonly fieldCodes?: Readonly<Record<number, string>>
}

/**
 * The one form helper of the app: values, the rules' inline messages once touched, busy while
 * sending, the server's refusal placed on its fields (see form-state.ts). `field(name)` gives what
 * a TextField / PasswordField / Select needs: `<TextField {...form.field('email')} label=… />`.
 */
export function useForm<Values extends FormValues>({ id, initial, rules, submit, fieldCodes }: FormOptions<Values>) {
  const { locale } = useI18n()
  const [state, dispatch] = useReducer(formReducer<Values>, initial, initialFormState<Values>)
  const issues = rules(state.values)
  const errors = fieldErrorsOf(state, issues, locale)

  const handleSubmit = async (event?: SubmitEvent) => {
    event?.preventDefault()
    await loadIssueMessages()
    dispatch({ type: 'submit' })
    const invalid = firstInvalidField(issues)
    if (invalid !== undefined) {
      document.getElementById(`${id}-${invalid}`)?.focus()
      return
    }
    dispatch({ type: 'send' })
    try {
      await submit(state.values)
      dispatch({ type: 'accepted' })
    } catch (error) {
      dispatch({ type: 'refused', problem: problemOf(error), fieldCodes })
    }
  }
  // The messages are fetched once the teacher starts typing (not with the page), so the first refused submit can say why at once.
  const set = useCallback(
    (field: keyof Values & string) => (value: string) => {
      void loadIssueMessages()
      dispatch({ type: 'change', field, value })
    },
    [],
  )
  const reset = useCallback((values: Values) => dispatch({ type: 'reset', values }), [])
  /** A refusal that came later than the submit (an edit sent through the outbox): placed like a direct one. */
  const refuse = useCallback((problem: ApiProblem) => dispatch({ type: 'refused', problem, fieldCodes }), [fieldCodes])
  const field = (name: keyof Values & string) => ({
    id: `${id}-${name}`,
    name,
    value: state.values[name] ?? '',
    onValueChange: set(name),
    error: errors[name] || undefined,
  })
  return {
    values: state.values,
    errors,
    message: state.serverMessage,
    busy: state.busy,
    sent: state.sent,
    touched: state.touched,
    field,
    set,
    reset,
    refuse,
    handleSubmit,
  }
}
