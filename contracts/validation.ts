import { IntlMessageFormat } from 'intl-messageformat'
import type { Locale } from './errors.ts'
import { profileImageRules } from './settings.ts'

/**
 * Validation rules shared by the client (inline field messages) and the server (code 105).
 * A rule returns issues naming a message key; `formatIssue` renders it in the caller's language.
 */
export interface Issue {
  readonly field: string
  readonly key: ValidationKey
  readonly values?: Readonly<Record<string, string | number>>
}

export const validationMessages = {
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  emailInvalid: { en: 'Enter a valid email address.', ar: 'أدخل بريدًا إلكترونيًا صالحًا.' },
  lengthBetween: {
    en: 'Use {min} to {max} characters.',
    ar: 'استخدم من {min} إلى {max} حرفًا.',
  },
  passwordRule: {
    en: 'Use 8 to 20 characters with an upper-case letter, a lower-case letter and a digit.',
    ar: 'استخدم من 8 إلى 20 حرفًا تتضمن حرفًا كبيرًا وحرفًا صغيرًا ورقمًا.',
  },
  passwordMismatch: { en: 'The passwords do not match.', ar: 'كلمتا المرور غير متطابقتين.' },
  passwordSameAsOld: { en: 'Choose a password different from the current one.', ar: 'اختر كلمة مرور مختلفة عن الحالية.' },
  nameRule: {
    en: 'Use 2 to 20 letters, with at most one space inside; no digits or symbols.',
    ar: 'استخدم من 2 إلى 20 حرفًا، مع مسافة واحدة على الأكثر في الوسط، دون أرقام أو رموز.',
  },
  phoneRule: { en: 'Enter 8 to 11 digits.', ar: 'أدخل من 8 إلى 11 رقمًا.' },
  languageRule: { en: 'Choose English or Arabic.', ar: 'اختر العربية أو الإنجليزية.' },
  imageType: { en: 'Only JPG or PNG images are accepted.', ar: 'تُقبل صور JPG أو PNG فقط.' },
  imageSize: { en: 'The image must be smaller than 5 MB.', ar: 'يجب أن يكون حجم الصورة أقل من 5 ميجابايت.' },
} as const

export type ValidationKey = keyof typeof validationMessages

const formatters = new Map<string, IntlMessageFormat>()

export const formatIssue = (issue: Issue, locale: Locale): string => {
  const id = `${locale}:${issue.key}`
  let formatter = formatters.get(id)
  if (formatter === undefined) {
    formatter = new IntlMessageFormat(validationMessages[issue.key][locale], locale)
    formatters.set(id, formatter)
  }
  return String(formatter.format(issue.values ?? {}))
}

const issue = (field: string, key: ValidationKey, values?: Issue['values']): Issue =>
  values === undefined ? { field, key } : { field, key, values }

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === ''

// A pragmatic address check: one @, no spaces, a dot in the domain. Delivery is the real proof.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const checkEmail = (field: string, value: string | null | undefined): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  const email = value!.trim()
  if (email.length < 5 || email.length > 150) return [issue(field, 'lengthBetween', { min: 5, max: 150 })]
  return emailPattern.test(email) ? [] : [issue(field, 'emailInvalid')]
}

/** New passwords: 8–20 characters with upper case, lower case and a digit (DESIGN.md). */
export const checkNewPassword = (field: string, value: string | null | undefined): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  const password = value!
  const ok = password.length >= 8 && password.length <= 20 && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password)
  return ok ? [] : [issue(field, 'passwordRule')]
}

export const checkConfirmation = (field: string, password: string, confirmation: string | null | undefined): Issue[] =>
  isBlank(confirmation) ? [issue(field, 'required')] : password === confirmation ? [] : [issue(field, 'passwordMismatch')]

/** Sign-in accepts any stored password; it only has to be there (and not absurdly long). */
export const checkSignInPassword = (field: string, value: string | null | undefined): Issue[] =>
  isBlank(value) ? [issue(field, 'required')] : value!.length > 128 ? [issue(field, 'lengthBetween', { min: 1, max: 128 })] : []

/** Person name parts: 2–20 letters of any script, at most one inner space, no digits or symbols. */
export const checkNamePart = (field: string, value: string | null | undefined): Issue[] => {
  if (isBlank(value)) return [issue(field, 'required')]
  const name = value!
  const ok = /^[\p{L}\p{M}]+( [\p{L}\p{M}]+)?$/u.test(name) && [...name].length >= 2 && [...name].length <= 20
  return ok ? [] : [issue(field, 'nameRule')]
}

/** Phone: 8 to 11 digits; optional on the profile. */
export const checkPhone = (field: string, value: string | null | undefined, required = false): Issue[] => {
  if (isBlank(value)) return required ? [issue(field, 'required')] : []
  return /^\d{8,11}$/.test(value!) ? [] : [issue(field, 'phoneRule')]
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

export const checkPasswordChange = (input: PasswordChangeInput): Issue[] => [
  ...(isBlank(input.oldPassword) ? [issue('oldPassword', 'required')] : []),
  ...checkNewPassword('newPassword', input.newPassword),
  ...checkConfirmation('confirmPassword', input.newPassword, input.confirmPassword),
  ...(!isBlank(input.oldPassword) && input.oldPassword === input.newPassword ? [issue('newPassword', 'passwordSameAsOld')] : []),
]

export const checkPasswordReset = (input: { readonly newPassword: string; readonly confirmPassword: string }): Issue[] => [
  ...checkNewPassword('newPassword', input.newPassword),
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
