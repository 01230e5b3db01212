import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from 'styled-system/css'
import { webClient } from '../../../contracts/settings.ts'
import { checkEmail } from '../../../contracts/validation.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { routes } from '../../../src/app/routes.ts'
import { issuesToFields, splitProblem } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { MailIcon } from '../../../src/ui/icons.tsx'
import { AuthCard, formStyle, linkStyle } from './auth-card.tsx'

/** Asks for a reset link by email. Used by /ForgetPassword, /ForgetSignin and (embedded) /linkExpired. */
export function RequestLinkForm({ submitLabel }: { submitLabel: string }) {
  const t = useT()
  const { locale } = useI18n()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null })
  const local = issuesToFields(checkEmail('email', email), locale)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (local.email) return
    setBusy(true)
    try {
      await callApi((c) => c.auth.forgetPassword({ payload: { email: email.trim(), ...webClient } }), { auth: false })
      navigate(routes.signInForget())
    } catch (error) {
      setServer(splitProblem(problemOf(error)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className={formStyle} onSubmit={submit} noValidate>
      {server.message ? <Banner tone="danger">{server.message}</Banner> : null}
      <TextField label={t('auth.forgot.email')} type="email" autoComplete="email" dir="ltr" value={email} onValueChange={setEmail} error={(touched ? local.email : undefined) ?? server.fields.email} required testId="forgot-email" />
      <Button type="submit" size="lg" full loading={busy} data-testid="forgot-submit">
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
        <Link href={routes.signIn()} className={linkStyle}>
          {t('auth.common.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  )
}
