import { Effect } from 'effect'
import type { Locale } from '../../contracts/errors.ts'
import { createLinkToken } from '../auth/link-tokens.ts'
import type { UserRow } from '../auth/users.ts'
import { Config } from '../services/config.ts'
import { onDb } from '../services/db.ts'
import { Mailer } from '../services/mailer.ts'

export interface ResetLinkMail {
  readonly subject: string
  readonly body: string
}

/**
 * A mail to the account's address carrying a single-use reset link that lives
 * FASL_RESET_LINK_TTL_MINUTES, in the account's school's outbox; `write` words it in `locale`
 * (the account's preferred language unless the caller names another).
 */
export const mailResetLink = (
  user: UserRow,
  write: (link: { url: string; ttlMinutes: number; arabic: boolean }) => ResetLinkMail,
  locale: Locale = user.preferred_language,
) =>
  Effect.gen(function* () {
    const config = yield* Config
    const mailer = yield* Mailer
    const ttlMinutes = config.limits.resetLinkTtlMinutes
    const { token, expiresAt } = yield* onDb((on) => createLinkToken(on, user, 'reset', ttlMinutes))
    const url = `${config.linkBase}/resetPassword?token=${encodeURIComponent(token)}`
    yield* mailer.send({ schoolId: user.school_id, recipient: user.email, ...write({ url, ttlMinutes, arabic: locale === 'ar' }), link: url, expiresAt })
  })

/**
 * The reset mail the teacher asked for on the "forgot password" page, in the language of that page
 * (`locale`, the request's): she is reading it on the screen she asked from. Every other mail keeps
 * the account's language.
 */
export const sendResetLink = (user: UserRow, locale: Locale) =>
  mailResetLink(
    user,
    ({ url, ttlMinutes, arabic }) =>
      arabic
        ? {
            subject: 'إعادة تعيين كلمة المرور في فصل',
            body: `مرحبًا ${user.first_name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال ${ttlMinutes} دقيقة:\n${url}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
          }
        : {
            subject: 'Reset your Fasl password',
            body: `Hello ${user.first_name},\n\nOpen this link within ${ttlMinutes} minutes to choose a new password:\n${url}\n\nIf you did not ask for this, ignore this message.`,
          },
    locale,
  )
