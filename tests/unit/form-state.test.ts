import { beforeAll, describe, expect, it } from 'vitest'
import { checkPasswordChange, checkSignIn } from '../../contracts/validation.ts'
import type { ApiProblem } from '../../src/api/problem.ts'
import { loadIssueMessages } from '../../src/forms/issue-messages.ts'
import { fieldErrorsOf, firstInvalidField, formReducer, initialFormState, placeProblem, type FormState } from '../../src/forms/form-state.ts'

const problem = (code: number, message: string, fields: Record<string, string> = {}): ApiProblem => ({
  _tag: 'ApiProblem',
  code,
  status: code === 105 ? 400 : 422,
  message,
  fields,
})
const run = <V extends Record<string, string>>(state: FormState<V>, ...events: Parameters<typeof formReducer<V>>[1][]) => events.reduce(formReducer<V>, state)
const signIn = initialFormState({ email: '', password: '' })

describe('form helper state', () => {
  // The messages load when a form is first used (src/forms/use-form.ts); here, once for all.
  beforeAll(() => loadIssueMessages())

  it('shows no rule message before the first submit attempt, even for empty required fields', () =>
    expect(fieldErrorsOf(run(signIn, { type: 'change', field: 'email', value: 'x' }), checkSignIn({ email: 'x', password: '' }), 'en')).toEqual({}))

  it('shows each field’s first rule message once a submit was attempted, in the language asked', () => {
    const touched = run(signIn, { type: 'submit' })
    expect(fieldErrorsOf(touched, checkSignIn(touched.values), 'en')).toEqual({ email: 'This field is required.', password: 'This field is required.' })
    expect(fieldErrorsOf(touched, checkSignIn(touched.values), 'ar').email).toBe('هذا الحقل مطلوب.')
  })

  it('focuses the first field a rule refuses, in the form’s order', () => {
    expect(firstInvalidField(checkSignIn({ email: 'teacher@fasl.school', password: '' }))).toBe('password')
    expect(firstInvalidField(checkSignIn({ email: 'teacher@fasl.school', password: 'x' }))).toBeUndefined()
  })

  it('is busy from sending until the answer, and remembers that a submit went out', () => {
    const sending = run(signIn, { type: 'submit' }, { type: 'send' })
    expect([sending.busy, sending.sent]).toEqual([true, true])
    expect(run(sending, { type: 'accepted' }).busy).toBe(false)
    expect(run(sending, { type: 'refused', problem: problem(116, 'Wrong email or password') }).busy).toBe(false)
  })

  it('puts a 105 answer’s validation list on its fields, and anything else above the form', () => {
    const refused = run(signIn, { type: 'send' }, { type: 'refused', problem: problem(105, 'Check the fields', { email: 'Taken' }) })
    expect([refused.serverFields, refused.serverMessage]).toEqual([{ email: 'Taken' }, null])
    const wrong = run(signIn, { type: 'send' }, { type: 'refused', problem: problem(116, 'Wrong email or password') })
    expect([wrong.serverFields, wrong.serverMessage]).toEqual([{}, 'Wrong email or password'])
  })

  it('puts a code the form declares as a field’s on that field (138 → old password)', () => {
    expect(placeProblem(problem(138, 'The old password is incorrect'), { 138: 'oldPassword' })).toEqual({
      fields: { oldPassword: 'The old password is incorrect' },
      message: null,
    })
    expect(placeProblem(problem(121, 'Failed'), { 138: 'oldPassword' })).toEqual({ fields: {}, message: 'Failed' })
  })

  it('clears a field’s server message when that field is edited, and keeps the others', () => {
    const refused = run(initialFormState({ a: '', b: '' }), { type: 'send' }, { type: 'refused', problem: problem(105, 'x', { a: 'bad a', b: 'bad b' }) })
    expect(run(refused, { type: 'change', field: 'a', value: '1' }).serverFields).toEqual({ b: 'bad b' })
  })

  it('lets the rule’s message win over the server’s on the same field once touched', () => {
    const passwords = { oldPassword: 'Old#2026x', newPassword: 'short', confirmPassword: 'short' }
    const state = run(
      initialFormState(passwords),
      { type: 'submit' },
      { type: 'send' },
      { type: 'refused', problem: problem(105, 'x', { newPassword: 'server says no' }) },
    )
    expect(fieldErrorsOf(state, checkPasswordChange(state.values), 'en').newPassword).toMatch(/^Use 8 to 20 characters/)
  })

  it('starts over on reset (after a saved change)', () => {
    const dirty = run(
      signIn,
      { type: 'change', field: 'email', value: 'x' },
      { type: 'submit' },
      { type: 'send' },
      { type: 'refused', problem: problem(116, 'no') },
    )
    expect(run(dirty, { type: 'reset', values: { email: '', password: '' } })).toEqual(signIn)
  })
})
