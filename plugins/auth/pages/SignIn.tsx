import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { css } from 'styled-system/css'
import { checkSignIn } from '../../../contracts/validation.ts'
import { isApiProblem, preloadApi } from '../../../src/api/client.ts'
import { routes } from '../../../src/app/routes.ts'
import { issuesToFields, splitProblem, type FieldErrors } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { AuthCard, formStyle, linkStyle } from './auth-card.tsx'

export default function SignIn() {
  const t = useT()
  const { locale } = useI18n()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const linkId = search.get('id')
  const linkToken = search.get('token')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const autoStarted = useRef(false)

  // A link with ?id=&token= signs the teacher in by itself (spec §1, §7).
  useEffect(() => {
    if (linkId && linkToken && !autoStarted.current) {
      autoStarted.current = true
      session.autoLogin(linkId, linkToken)
    }
  }, [linkId, linkToken, session])

  useEffect(() => {
    if (session.status === 'signedIn') navigate(routes.home(), { replace: true })
  }, [session.status, navigate])

  const localIssues = issuesToFields(checkSignIn({ email, password }), locale)
  const shownLocal: FieldErrors = touched ? localIssues : {}
  const serverProblem = submitted && session.status === 'signedOut' && isApiProblem(session.error) ? splitProblem(session.error) : null
  const fields: FieldErrors = { ...(serverProblem?.fields ?? {}), ...shownLocal }
  const pending = session.status === 'pending'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (Object.keys(localIssues).length > 0) {
      const first = Object.keys(localIssues)[0]
      document.getElementById(`signin-${first}`)?.focus()
      return
    }
    setSubmitted(true)
    session.signIn(email, password)
  }

  if (pending && linkId && linkToken) return <LoadingBlock label={t('auth.signIn.linkSigningIn')} />

  return (
    <AuthCard title={t('auth.signIn.title')} text={t('auth.signIn.subtitle')}>
      {autoStarted.current && session.status === 'signedOut' && !submitted ? <Banner tone="danger">{t('auth.signIn.linkFailed')}</Banner> : null}
      {serverProblem?.message ? <Banner tone="danger" testId="signin-error">{serverProblem.message}</Banner> : null}
      <form className={formStyle} onSubmit={submit} noValidate data-testid="signin-form" onFocus={preloadApi}>
        <TextField
          id="signin-email"
          label={t('auth.signIn.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          value={email}
          onValueChange={setEmail}
          error={fields.email}
          required
          testId="signin-email"
        />
        <PasswordField
          id="signin-password"
          label={t('auth.signIn.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={fields.password}
          required
          testId="signin-password"
          showLabel={t('shell.common.showPassword')}
          hideLabel={t('shell.common.hidePassword')}
        />
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <Link href={routes.forgetPassword()} className={linkStyle}>
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" full loading={pending} data-testid="signin-submit">
          {t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
