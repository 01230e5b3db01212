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

/** The specification's catalogue (§8): the client words these codes itself, in the page's language. */
export const specCatalogue: Readonly<Record<number, Message>> = {
  100: { en: 'Failed To Send Code', ar: 'فشل إرسال الرمز' },
  101: { en: 'Invalid Code', ar: 'الرمز غير صحيح' },
  102: { en: 'Verification Code Required', ar: 'رمز التحقق مطلوب' },
  103: { en: 'SMS Interval Send Violation', ar: 'يرجى الانتظار قبل طلب رسالة جديدة' },
  104: { en: 'User not Found', ar: 'المستخدم غير موجود' },
  106: { en: 'Registration Field Already Exist', ar: 'بيانات التسجيل موجودة بالفعل' },
  107: { en: 'Forget Password Field Required', ar: 'حقل استعادة كلمة المرور مطلوب' },
  108: { en: 'Phone Number Already Exist', ar: 'رقم الهاتف موجود بالفعل' },
  109: { en: 'Invalid Refresh Token', ar: 'رمز التحديث غير صالح' },
  110: { en: 'Email Not Confirmed', ar: 'البريد الإلكتروني غير مؤكد' },
  111: { en: 'Phone Number Not Confirmed', ar: 'رقم الهاتف غير مؤكد' },
  112: { en: 'Maximum SMS Send Code Reached', ar: 'تم بلوغ الحد الأقصى لإرسال الرموز' },
  113: { en: 'Phone Number Required', ar: 'رقم الهاتف مطلوب' },
  114: { en: 'Email Required', ar: 'البريد الإلكتروني مطلوب' },
  115: { en: 'Email Already Exists', ar: 'البريد الإلكتروني موجود بالفعل' },
  116: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  117: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  118: { en: 'Custom Text Required', ar: 'النص المخصص مطلوب' },
  119: { en: 'Custom DropDown Required', ar: 'القائمة المخصصة مطلوبة' },
  120: { en: 'Invalid Client', ar: 'تطبيق غير معروف' },
  121: { en: 'Failed To Update User', ar: 'تعذر تحديث بيانات المستخدم' },
  122: { en: 'Invalid Facebook Token', ar: 'رمز فيسبوك غير صالح' },
  123: { en: 'Facebook Token Doesnt Exist', ar: 'رمز فيسبوك غير موجود' },
  124: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  125: { en: 'Google Token Doesnt Exist', ar: 'رمز جوجل غير موجود' },
  126: { en: 'Invalid Google Token', ar: 'رمز جوجل غير صالح' },
  127: { en: 'Invalid Registration Type', ar: 'نوع التسجيل غير صالح' },
  128: { en: 'Invalid Login Type', ar: 'نوع تسجيل الدخول غير صالح' },
  129: { en: 'Social User Exist', ar: 'المستخدم مسجل بالفعل عبر حساب اجتماعي' },
  131: { en: 'Invalid reset token', ar: 'رابط إعادة التعيين غير صالح' },
  138: { en: 'Old password is incorrect', ar: 'كلمة المرور القديمة غير صحيحة' },
}

/**
 * Fasl's own codes, beyond the specification's catalogue. The server words them in the caller's
 * language (Accept-Language) and the client shows the server's text, so the sign-in page's
 * JavaScript carries only the specification's texts. A feature's own codes are its contract's
 * (contracts/feature-catalogue.ts): homework's 145–155, courses' 156.
 */
export const faslCatalogue: Readonly<Record<number, Message>> = {
  143: { en: 'This request key was already used for a different request.', ar: 'مفتاح الطلب هذا استُخدم من قبل لطلب مختلف.' },
  144: { en: 'This request is still being processed. Please try again shortly.', ar: 'ما زال هذا الطلب قيد المعالجة. يرجى المحاولة مرة أخرى بعد قليل.' },
  139: { en: 'This was changed elsewhere since you opened it.', ar: 'تم تغيير هذه البيانات من مكان آخر منذ فتحتها.' },
  157: {
    en: "You have reached today's upload limit for your account. Please try again tomorrow.",
    ar: 'بلغت الحد اليومي لرفع الملفات لحسابك. يرجى المحاولة مرة أخرى غدًا.',
  },
  160: {
    en: 'This confirmation link has expired or was already used. Your email address was not changed; ask for the change again from your profile.',
    ar: 'انتهت صلاحية رابط التأكيد هذا أو سبق استخدامه. لم يتغير بريدك الإلكتروني؛ اطلب التغيير مرة أخرى من ملفك الشخصي.',
  },
  161: {
    en: 'This address is now used by another account, so your email address was not changed. Choose another address from your profile.',
    ar: 'هذا العنوان مستخدم الآن لحساب آخر، لذلك لم يتغير بريدك الإلكتروني. اختر عنوانًا آخر من ملفك الشخصي.',
  },
}

/** Server messages (code 142) for rules of Fasl beyond the specification's catalogue. */
export const serverMessages = {
  passwordChangeRequired: {
    en: 'You signed in with a one-time password. Choose your own password in your profile settings first.',
    ar: 'سجّلت الدخول بكلمة مرور مؤقتة. اختر كلمة مرور خاصة بك من إعدادات الملف الشخصي أولًا.',
  },
  signInLinkInvalid: { en: 'This sign-in link is not valid anymore.', ar: 'رابط تسجيل الدخول غير صالح أو منتهي.' },
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
  unknown: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  validation: { en: 'Please correct the highlighted fields.', ar: 'يرجى تصحيح الحقول المحددة.' },
} as const satisfies Record<string, Message>

/** Fasl's own codes: 139 and 143–199 (142 is the spec's "server message"). */
export const isFaslCode = (code: number): boolean => code >= 139 && code < 200 && code !== ResponseCode.serverMessage

/** Every code with its texts: the server's whole catalogue. */
const joined = (...parts: ReadonlyArray<Readonly<Record<number, Message>>>): Readonly<Record<number, Message>> => Object.assign({}, ...parts)
// A call marked pure, so a bundle that never reads the whole catalogue (the client) leaves Fasl's texts out.
export const catalogue: Readonly<Record<number, Message>> = /* @__PURE__ */ joined(specCatalogue, faslCatalogue)

export const catalogueMessage = (code: number, locale: Locale): string => (catalogue[code] ?? httpMessages.unknown)[locale]

/** `Accept-Language: ar-EG` (or any `ar*`) selects Arabic; everything else English. */
export const localeFromAcceptLanguage = (header: string | null | undefined): Locale =>
  header !== null && header !== undefined && header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en'

export const acceptLanguageOf = (locale: Locale): string => (locale === 'ar' ? 'ar-EG' : 'en-US')
