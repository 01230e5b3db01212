import { httpMessages, type Locale, type Message } from './errors.ts'
import { specCatalogue } from './spec-catalogue.ts'

/**
 * Fasl's own codes, beyond the specification's catalogue. The server words them in the caller's
 * language (Accept-Language) and the client shows the server's text, so the sign-in page's
 * JavaScript carries none of these texts (nor the specification's: the client reads those with its first call). A feature's own codes are its contract's
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

/**
 * Every code of the core with its texts: the spec's and Fasl's own (a feature's own codes join them in
 * feature-catalogue.ts). The server's; kept out of errors.ts, which every first screen loads, so the
 * client's first bundle carries neither catalogue.
 */
export const catalogue: Readonly<Record<number, Message>> = { ...specCatalogue, ...faslCatalogue }

export const catalogueMessage = (code: number, locale: Locale): string => (catalogue[code] ?? httpMessages.unknown)[locale]
