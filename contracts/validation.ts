import { phoneDefaults, profileImageRules } from './settings.ts'

/**
 * Validation rules shared by the client (inline field messages) and the server (code 105).
 * A rule returns issues naming a message key; `formatIssue` renders it in the caller's language.
 */
export interface Issue {
  readonly field: string
  readonly key: ValidationKey
  readonly values?: Readonly<Record<string, string | number>>
}

/**
 * The message keys a feature's own rules add, each feature's contract merging its keys in
 * (`declare module` in plugins/<feature>/contract/rule-messages.ts), so the core names none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureValidationKeys {}

/**
 * A message key of the rules: the core's (validation-messages.json, formatted by validation-format.ts)
 * or one a feature's contract declares with its texts. The rules stay small enough for the sign-in
 * page, which loads the messages only when a form first needs one (src/forms/issue-messages.ts).
 */
export type ValidationKey = keyof typeof import('./validation-messages.json') | keyof FeatureValidationKeys

const issue = (field: string, key: ValidationKey, values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === ''

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** No C0 control (tab and line breaks included), DEL or C1 control: every single-line field. */
export const singleLineText = /^[^\u0000-\u001F\u007F-\u009F]*$/u
/** The same, but tab, line feed and carriage return allowed: multi-line fields. */
export const multiLineText = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u
/* eslint-enable no-control-regex */

/** The server refuses control characters in any field (105); forms say so before sending. */
export const checkNoControlCharacters = (field: string, value: string | null | undefined, multiLine = false): Issue[] =>
  value === null || value === undefined || (multiLine ? multiLineText : singleLineText).test(value) ? [] : [issue(field, 'controlCharacters')]

// A pragmatic address check: one @, no spaces, a dot in the domain. Delivery is the real proof.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const checkEmail = (field: string, value: string | null | undefined): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  if (checkNoControlCharacters(field, value).length > 0) return checkNoControlCharacters(field, value)
  const email = value!.trim()
  if (email.length < 5 || email.length > 150) return [issue(field, 'lengthBetween', { min: 5, max: 150 })]
  return emailPattern.test(email) ? [] : [issue(field, 'emailInvalid')]
}

/**
 * Tells whether a password is on the shipped list of commonly breached ones
 * (contracts/common-passwords.ts). Passed in rather than imported: the list stays out of the
 * sign-in page's bundle, the client loads it lazily and the server always has it.
 */
export type CommonPasswordCheck = (password: string) => boolean

/**
 * New passwords: 8–20 characters with a Latin upper-case letter (A–Z), a Latin lower-case letter
 * (a–z) and a digit (DESIGN.md); the messages say "Latin", so the rule checks exactly that.
 * With `isCommon`, a password on the breached list is refused too.
 */
export const checkNewPassword = (field: string, value: string | null | undefined, isCommon?: CommonPasswordCheck): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  if (checkNoControlCharacters(field, value).length > 0) return checkNoControlCharacters(field, value)
  const password = value!
  const ok = password.length >= 8 && password.length <= 20 && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\p{Nd}/u.test(password)
  if (!ok) return [issue(field, 'passwordRule')]
  return isCommon?.(password) === true ? [issue(field, 'passwordCommon')] : []
}

export const checkConfirmation = (field: string, password: string, confirmation: string | null | undefined): Issue[] =>
  isBlank(confirmation) ? [issue(field, 'required')] : password === confirmation ? [] : [issue(field, 'passwordMismatch')]

/** Sign-in accepts any stored password; it only has to be there (and not absurdly long). */
export const checkSignInPassword = (field: string, value: string | null | undefined): Issue[] =>
  isBlank(value)
    ? [issue(field, 'required')]
    : value!.length > 128
      ? [issue(field, 'lengthBetween', { min: 1, max: 128 })]
      : checkNoControlCharacters(field, value)

/**
 * A person name part (DESIGN.md): runs of letters of any script (with their combining marks), joined
 * by single inner spaces, hyphens or apostrophes (عبد الله, Al-Qahtani, O'Neil, O’Neil); 2 to 20
 * characters in all. Digits, other symbols and every format character (bidirectional controls,
 * zero-width joiners) are refused: a name must read as it looks.
 */
const namePattern = /^\p{L}\p{M}*(?:[ '\-\u2019]?\p{L}\p{M}*)*$/u
export const nameLength = { min: 2, max: 20 } as const

export const checkNamePart = (field: string, value: string | null | undefined): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  const name = value!
  const length = [...name].length
  const ok = namePattern.test(name) && length >= nameLength.min && length <= nameLength.max
  return ok ? [] : [issue(field, 'nameRule')]
}

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits become Latin ones: numbers as people type them. */
export const latinDigits = (text: string): string => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0)! - 0x0660) % 0x90))

/**
 * A phone number as stored and checked: Latin digits, without spaces, dashes, dots or brackets, and
 * the school's country code (`+20`, `0020`) replaced by the trunk prefix. Client and server both
 * apply it before the 8–11 digit rule, so they agree on what is valid.
 */
export const normalisePhone = (value: string): string => {
  const compact = latinDigits(value).replace(/[\s\-.()\u00A0\u200E\u200F]/g, '')
  const { countryCode, trunkPrefix } = phoneDefaults
  for (const international of [`+${countryCode}`, `00${countryCode}`])
    if (compact.startsWith(international)) return trunkPrefix + compact.slice(international.length).replace(new RegExp(`^${trunkPrefix}`), '')
  return compact
}

/** Phone: 8 to 11 digits once normalised (normalisePhone); optional on the profile. */
export const checkPhone = (field: string, value: string | null | undefined, required = false): Issue[] => {
  if (isBlank(value)) return required ? [issue(field, 'required')] : []
  return /^\d{8,11}$/.test(normalisePhone(value!)) ? [] : [issue(field, 'phoneRule')]
}

export interface ProfileInput {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string | null
  readonly preferredLanguage: string
}

export const checkProfile = (input: ProfileInput): Issue[] => [
  ...checkNamePart('firstName', input.firstName),
  ...checkNamePart('lastName', input.lastName),
  ...checkEmail('email', input.email),
  ...checkPhone('phone', input.phone),
  ...(input.preferredLanguage === 'en' || input.preferredLanguage === 'ar' ? [] : [issue('preferredLanguage', 'languageRule')]),
]

export interface PasswordChangeInput {
  readonly oldPassword: string
  readonly newPassword: string
  readonly confirmPassword: string
}

export const checkPasswordChange = (input: PasswordChangeInput, isCommon?: CommonPasswordCheck): Issue[] => [
  ...(isBlank(input.oldPassword) ? [issue('oldPassword', 'required')] : checkNoControlCharacters('oldPassword', input.oldPassword)),
  ...checkNewPassword('newPassword', input.newPassword, isCommon),
  ...checkConfirmation('confirmPassword', input.newPassword, input.confirmPassword),
  ...(!isBlank(input.oldPassword) && input.oldPassword === input.newPassword ? [issue('newPassword', 'passwordSameAsOld')] : []),
]

export const checkPasswordReset = (input: { readonly newPassword: string; readonly confirmPassword: string }, isCommon?: CommonPasswordCheck): Issue[] => [
  ...checkNewPassword('newPassword', input.newPassword, isCommon),
  ...checkConfirmation('confirmPassword', input.newPassword, input.confirmPassword),
]

export const checkSignIn = (input: { readonly email: string; readonly password: string }): Issue[] => [
  ...checkEmail('email', input.email),
  ...checkSignInPassword('password', input.password),
]

/** The image's real type, read from its first bytes (a renamed file does not pass). */
export const sniffImageType = (bytes: Uint8Array): 'image/jpeg' | 'image/png' | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png'
  return null
}

export const checkProfileImage = (field: string, file: { readonly size: number; readonly type: string }, head?: Uint8Array): Issue[] => {
  if (!profileImageRules.types.includes(file.type) || (head !== undefined && sniffImageType(head) === null)) return [issue(field, 'imageType')]
  return file.size < profileImageRules.maxBytes ? [] : [issue(field, 'imageSize')]
}
