import type { UserRow } from '../auth/users.ts'
import { mailResetLink, type ResetLinkMail } from './reset-mail.ts'

/** The mail to the NEW address, in the account's language: the link that makes it the account's. */
export const confirmationMail = (user: UserRow, newEmail: string, url: string, ttlHours: number): ResetLinkMail =>
  user.preferred_language === 'ar'
    ? {
        subject: 'أكّد بريدك الإلكتروني الجديد في فصل',
        body: `مرحبًا ${user.first_name}،\n\nافتح الرابط التالي خلال ${ttlHours} ساعة ليصبح ${newEmail} البريد الإلكتروني لحسابك في فصل:\n${url}\n\nحتى ذلك الحين يبقى بريد حسابك كما هو. إذا لم تطلب ذلك فتجاهل هذه الرسالة: لن يتغير شيء.`,
      }
    : {
        subject: 'Confirm your new Fasl email address',
        body: `Hello ${user.first_name},\n\nOpen this link within ${ttlHours} hours to make ${newEmail} the email address of your Fasl account:\n${url}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this message: nothing changes.`,
      }

/**
 * The mail to an address another account already has, in that account's language: someone asked
 * for it, nothing changed. It names neither the account nor the school that asked.
 */
export const addressInUseMail = (owner: Pick<UserRow, 'first_name' | 'email' | 'preferred_language'>): ResetLinkMail =>
  owner.preferred_language === 'ar'
    ? {
        subject: 'محاولة لاستخدام بريدك الإلكتروني في فصل',
        body: `مرحبًا ${owner.first_name}،\n\nطلب أحدهم استخدام هذا العنوان (${owner.email}) لحساب آخر في فصل. لم يتغير شيء، وحسابك لم يتأثر.\nإذا كنت أنت، فسجّل الدخول إلى حسابك بدلًا من ذلك، أو استخدم عنوانًا آخر.`,
      }
    : {
        subject: 'Someone tried to use your email address on Fasl',
        body: `Hello ${owner.first_name},\n\nSomeone asked to use this address (${owner.email}) for another Fasl account. Nothing was changed and your account is not affected.\nIf it was you, sign in to your own account instead, or use another address.`,
      }

/**
 * To the OLD address when a change is asked for, in the account's language, with a single-use
 * reset link: whoever asked knew the password, so if it was not the teacher, the reset ends their
 * sessions and the pending change with them (a reset ends every outstanding link).
 */
export const sendEmailChangeRequestedNotice = (user: UserRow, newEmail: string) =>
  mailResetLink(user, ({ url, ttlMinutes, arabic }) =>
    arabic
      ? {
          subject: 'طلب تغيير بريدك الإلكتروني في فصل',
          body: `مرحبًا ${user.first_name}،\n\nطلب شخص مسجّل الدخول إلى حسابك في فصل تغيير بريده الإلكتروني إلى ${newEmail}. لن يتغير شيء حتى يُفتح الرابط المرسل إلى ذلك العنوان.\nإذا لم تكن أنت، فهناك من يعرف كلمة مرورك: افتح الرابط التالي خلال ${ttlMinutes} دقيقة لاختيار كلمة مرور جديدة، فيُسجَّل خروج كل الأجهزة ويُلغى التغيير:\n${url}\n\nإذا كان الطلب منك فتجاهل هذه الرسالة.`,
        }
      : {
          subject: 'A change of your Fasl email address was requested',
          body: `Hello ${user.first_name},\n\nSomeone signed in to your Fasl account asked to change its email address to ${newEmail}. Nothing changes until the link sent to that address is opened.\nIf this was not you, someone knows your password: open this link within ${ttlMinutes} minutes to choose a new one, which signs out every device and cancels the change:\n${url}\n\nIf it was you, ignore this message.`,
        },
  )
