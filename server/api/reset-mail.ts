import { createLinkToken } from '../auth/link-tokens.ts'
import type { UserRow } from '../auth/users.ts'
import type { Runtime } from '../services.ts'

/** The reset mail, in the user's preferred language, with a single-use link. */
export const sendResetLink = async (runtime: Runtime, user: UserRow) => {
  const ttl = runtime.config.limits.resetLinkTtlMinutes
  const { token, expiresAt } = await createLinkToken(runtime.db, user.id, 'reset', ttl)
  const link = `${runtime.publicUrl}/resetPassword?token=${encodeURIComponent(token)}`
  const arabic = user.preferred_language === 'ar'
  await runtime.mailer.send({
    recipient: user.email,
    subject: arabic ? 'إعادة تعيين كلمة المرور في فصل' : 'Reset your Fasl password',
    body: arabic
      ? `مرحبًا ${user.first_name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال ${ttl} دقيقة:\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`
      : `Hello ${user.first_name},\n\nOpen this link within ${ttl} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
    link,
    expiresAt,
  })
}
