import { Link, useLocation } from 'wouter'
import { css } from 'styled-system/css'
import { webClient } from '../../../contracts/settings.ts'
import { checkEmail } from '../../../contracts/validation.ts'
import { callApi } from '../../../src/api/client.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { authRoutes } from '../routes.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { MailIcon } from '../../../src/ui/icons.tsx'
import { AuthCard, formStyle, linkStyle } from './auth-card.tsx'

/** Asks for a reset link by email. Used by /ForgetPassword, /ForgetSignin and (embedded) /linkExpired. */
export function RequestLinkForm({ submitLabel }: { submitLabel: string }) {
  const t = useT()
  const [, navigate] = useLocation()
  const form = useForm({
    id: 'forgot',
    initial: { email: '' },
    rules: ({ email }) => checkEmail('email', email),
    submit: async ({ email }) => {
      await callApi((c) => c.auth.forgetPassword({ payload: { email: email.trim(), ...webClient } }), { auth: false })
      navigate(authRoutes.signInForget.link())
    },
  })
  return (
    <form className={formStyle} onSubmit={form.handleSubmit} noValidate>
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      <TextField {...form.field('email')} label={t('auth.forgot.email')} type="email" autoComplete="email" dir="ltr" required testId="forgot-email" />
      <Button type="submit" size="lg" full loading={form.busy} data-testid="forgot-submit">
        {submitLabel}
      </Button>
    </form>
  )
}

export default function ForgetPassword() {
  const t = useT()
  return (
    <AuthCard title={t('auth.forgot.title')} text={t('auth.forgot.text')} icon={<MailIcon />}>
      <RequestLinkForm submitLabel={t('auth.forgot.submit')} />
      <div className={css({ textAlign: 'center' })}>
        <Link href={shellRoutes.signIn.link()} className={linkStyle}>
          {t('auth.common.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  )
}
