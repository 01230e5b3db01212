/**
 * The error catalogue of the teacher-side specification (section 8), once, in both languages.
 * The server answers these codes in the envelope; the client maps codes and HTTP statuses to the
 * same messages. Codes outside the spec (rate limit, forbidden) travel as 142 with a server message.
 */
export type Locale = 'en' | 'ar'

export interface Message {
  readonly en: string
  readonly ar: string
}

export const ResponseCode = {
  success: 200,
  validation: 105,
  serverMessage: 142,
  userNotFound: 104,
  invalidRefreshToken: 109,
  wrongEmailOrPassword: 116,
  invalidClient: 120,
  failedToUpdateUser: 121,
  invalidResetToken: 131,
  oldPasswordIncorrect: 138,
  emailAlreadyExists: 115,
  /** Fasl's own: an Idempotency-Key sent again with a different request (HTTP 422). */
  idempotencyKeyReused: 143,
  /** Fasl's own: the first request with this Idempotency-Key is still running (HTTP 409): try again. */
  requestInProgress: 144,
  /** The database cannot be reached (HTTP 503): try again. */
  unavailable: 503,
  /** Fasl's own: an edit made against an older version of the record (HTTP 400, see ProfileUpdate). */
  changedElsewhere: 139,
  /** Fasl's own: an upload refused before a byte is stored, the account's bytes of the day used up (HTTP 400; server/uploads/upload-limits.ts). */
  uploadQuotaReached: 157,
  /** Fasl's own (160–161): following an email-change confirmation link (HTTP 400, nothing changed). */
  emailLinkInvalid: 160,
  emailTakenAtConfirmation: 161,
} as const

/** Server messages (code 142) for rules of Fasl beyond the specification's catalogue. */
export const serverMessages = {
  passwordChangeRequired: {
    en: 'You signed in with a one-time password. Choose your own password in your profile settings first.',
    ar: 'سجّلت الدخول بكلمة مرور مؤقتة. اختر كلمة مرور خاصة بك من إعدادات الملف الشخصي أولًا.',
  },
  signInLinkInvalid: { en: 'This sign-in link is not valid anymore.', ar: 'رابط تسجيل الدخول غير صالح أو منتهي.' },
  /** A 429 (ICU: the wait in whole minutes, in the language's digits). */
  tooManyAttempts: {
    en: 'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    ar: 'محاولات كثيرة. يرجى المحاولة مرة أخرى بعد {minutes, plural, one {دقيقة واحدة} two {دقيقتين} few {# دقائق} other {# دقيقة}}.',
  },
} as const satisfies Record<string, Message>

/** Messages for HTTP statuses and transport faults (spec section 8, "HTTP statuses"). */
export const httpMessages = {
  401: { en: 'Not authorized.', ar: 'غير مصرح لك.' },
  403: { en: 'You do not have access to this page or resource.', ar: 'ليس لديك صلاحية الوصول إلى هذه الصفحة أو المورد.' },
  404: { en: 'Page/Service not found.', ar: 'الصفحة أو الخدمة غير موجودة.' },
  408: { en: 'Request Timeout', ar: 'انتهت مهلة الطلب' },
  413: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  415: { en: 'This kind of content is not accepted here.', ar: 'هذا النوع من المحتوى غير مقبول هنا.' },
  429: { en: 'Too many attempts. Please wait a while and try again.', ar: 'محاولات كثيرة. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.' },
  500: { en: 'Internal server error.', ar: 'خطأ داخلي في الخادم.' },
  503: { en: 'No internet connection, please try again!', ar: 'لا يوجد اتصال بالإنترنت، يرجى المحاولة مرة أخرى!' },
  /** The server answered but cannot serve now (its database unreachable, a gateway's 502 / 503 / 504): not the user's network. */
  serverTrouble: {
    en: 'The server is having trouble. Please try again in a moment.',
    ar: 'يواجه الخادم مشكلة الآن. يرجى المحاولة مرة أخرى بعد قليل.',
  },
  unknown: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  validation: { en: 'Please correct the highlighted fields.', ar: 'يرجى تصحيح الحقول المحددة.' },
} as const satisfies Record<string, Message>

/** Fasl's own codes: 139 and 143–199 (142 is the spec's "server message"). */
export const isFaslCode = (code: number): boolean => code >= 139 && code < 200 && code !== ResponseCode.serverMessage

/** `Accept-Language: ar-EG` (or any `ar*`) selects Arabic; everything else English. */
export const localeFromAcceptLanguage = (header: string | null | undefined): Locale =>
  header !== null && header !== undefined && header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en'

export const acceptLanguageOf = (locale: Locale): string => (locale === 'ar' ? 'ar-EG' : 'en-US')
