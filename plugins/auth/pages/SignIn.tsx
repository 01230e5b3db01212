import { useEffect, useRef } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { css } from 'styled-system/css'
import { waitFor } from 'xstate'
import { checkSignIn } from '../../../contracts/validation.ts'
import { isApiProblem, preloadApi } from '../../../src/api/client.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { authRoutes } from '../routes.ts'
import { AuthCard, formStyle, linkStyle } from './auth-card.tsx'

export default function SignIn() {
  const t = useT()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const linkId = search.get('id')
  const linkToken = search.get('token')
  const autoStarted = useRef(false)
  const form = useForm({
    id: 'signin',
    initial: { email: '', password: '' },
    rules: checkSignIn,
    // The session machine signs in; the form waits for its answer like any other call's.
    submit: async ({ email, password }) => {
      session.signIn(email, password)
      const answered = await waitFor(session.actor, (snapshot) => !snapshot.hasTag('pending'))
      if (!answered.hasTag('authenticated') && isApiProblem(answered.context.error)) throw answered.context.error
    },
  })

  // A link with ?id=&token= signs the teacher in by itself (spec §1, §7).
  useEffect(() => {
    if (linkId && linkToken && !autoStarted.current) {
      autoStarted.current = true
      session.autoLogin(linkId, linkToken)
    }
  }, [linkId, linkToken, session])

  useEffect(() => {
    if (session.status === 'signedIn') navigate(shellRoutes.home.link(), { replace: true })
  }, [session.status, navigate])

  const pending = session.status === 'pending'

  if (pending && linkId && linkToken) return <LoadingBlock label={t('auth.signIn.linkSigningIn')} />

  return (
    <AuthCard title={t('auth.signIn.title')} text={t('auth.signIn.subtitle')}>
      {autoStarted.current && session.status === 'signedOut' && !form.sent ? <Banner tone="danger">{t('auth.signIn.linkFailed')}</Banner> : null}
      {form.message ? (
        <Banner tone="danger" testId="signin-error">
          {form.message}
        </Banner>
      ) : null}
      <form className={formStyle} onSubmit={form.handleSubmit} noValidate data-testid="signin-form" onFocus={preloadApi}>
        <TextField
          {...form.field('email')}
          label={t('auth.signIn.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          required
          testId="signin-email"
        />
        <PasswordField
          {...form.field('password')}
          label={t('auth.signIn.password')}
          autoComplete="current-password"
          required
          testId="signin-password"
          showLabel={t('shell.common.showPassword')}
          hideLabel={t('shell.common.hidePassword')}
        />
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <Link href={authRoutes.forgetPassword.link()} className={linkStyle}>
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" full loading={form.busy} data-testid="signin-submit">
          {t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
