import type { UserRow } from '../auth/users.ts'
import { mailResetLink } from './reset-mail.ts'

/**
 * After the email of an account changed (its confirmation link followed, server/api/email-change.ts):
 * a notice to the OLD address, in the account's language, with a single-use reset link. If the change was not the teacher's, resetting the password ends
 * every session of whoever made it (they needed the password to change the email, so after the
 * reset they can change nothing more), and she signs in with the new address the notice names and
 * sets her own back. The link lives as long as a reset link (FASL_RESET_LINK_TTL_MINUTES).
 */
export const sendEmailChangedNotice = (user: UserRow, newEmail: string) =>
  mailResetLink(user, ({ url, ttlMinutes, arabic }) =>
    arabic
      ? {
          subject: 'تم تغيير بريدك الإلكتروني في فصل',
          body: `مرحبًا ${user.first_name}،\n\nتم تغيير البريد الإلكتروني لحسابك في فصل إلى ${newEmail}.\nإذا لم تقم بذلك فأمّن حسابك الآن: افتح الرابط التالي خلال ${ttlMinutes} دقيقة لاختيار كلمة مرور جديدة، فيُسجَّل خروج كل الأجهزة، ثم سجّل الدخول بالعنوان ${newEmail} وأعد بريدك الإلكتروني:\n${url}\n\nإذا كان التغيير منك فتجاهل هذه الرسالة.`,
        }
      : {
          subject: 'Your Fasl email address was changed',
          body: `Hello ${user.first_name},\n\nThe email address of your Fasl account was changed to ${newEmail}.\nIf this was not you, secure your account now: open this link within ${ttlMinutes} minutes to choose a new password, which signs out every device, then sign in with ${newEmail} and set your own address back:\n${url}\n\nIf it was you, ignore this message.`,
        },
  )
