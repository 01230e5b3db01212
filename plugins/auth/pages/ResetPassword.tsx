import { useEffect, useState, type FormEvent } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { ResponseCode } from '../../../contracts/errors.ts'
import { webClient } from '../../../contracts/settings.ts'
import { checkPasswordReset } from '../../../contracts/validation.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { routes } from '../../../src/app/routes.ts'
import { issuesToFields, splitProblem, type FieldErrors } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { AuthCard, formStyle } from './auth-card.tsx'

/** /resetPassword?token=: the token is checked on open; an invalid one (or code 131 on submit) → /linkExpired. */
export default function ResetPassword() {
  const t = useT()
  const { locale } = useI18n()
  const [, navigate] = useLocation()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [check, setCheck] = useState<'checking' | 'valid' | 'invalid'>(token === '' ? 'invalid' : 'checking')
  const [form, setForm] = useState({ newPassword: '', confirmPassword: '' })
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<{ fields: FieldErrors; message: string | null }>({ fields: {}, message: null })

  useEffect(() => {
    if (token === '') return
    let live = true
    callApi((c) => c.auth.checkResetToken({ payload: { token } }), { auth: false }).then(
      (answer) => live && setCheck(answer.valid ? 'valid' : 'invalid'),
      (error: unknown) => {
        if (!live) return
        const problem = problemOf(error)
        if (problem.code === ResponseCode.invalidResetToken) setCheck('invalid')
        else {
          setCheck('valid')
          setServer({ fields: {}, message: problem.message })
        }
      },
    )
    return () => {
      live = false
    }
  }, [token])

  if (check === 'invalid') return <Redirect to={routes.linkExpired()} replace />
  if (check === 'checking') return <LoadingBlock label={t('shell.common.loading')} />

  const local = issuesToFields(checkPasswordReset(form), locale)
  const fields: FieldErrors = { ...server.fields, ...(touched ? local : {}) }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (Object.keys(local).length > 0) return
    setBusy(true)
    try {
      await callApi((c) => c.auth.resetPassword({ payload: { token, ...form, ...webClient } }), { auth: false })
      navigate(routes.resetPasswordDone(), { replace: true })
    } catch (error) {
      const problem = problemOf(error)
      if (problem.code === ResponseCode.invalidResetToken) navigate(routes.linkExpired(), { replace: true })
      else setServer(splitProblem(problem))
    } finally {
      setBusy(false)
    }
  }
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }))
  return (
    <AuthCard title={t('auth.reset.title')} text={t('auth.reset.text')}>
      {server.message ? <Banner tone="danger">{server.message}</Banner> : null}
      <form className={formStyle} onSubmit={submit} noValidate data-testid="reset-form">
        <PasswordField label={t('auth.reset.newPassword')} autoComplete="new-password" value={form.newPassword} onValueChange={set('newPassword')} error={fields.newPassword} helper={t('auth.reset.rule')} required testId="reset-new" showLabel={t('shell.common.showPassword')} hideLabel={t('shell.common.hidePassword')} />
        <PasswordField label={t('auth.reset.confirmPassword')} autoComplete="new-password" value={form.confirmPassword} onValueChange={set('confirmPassword')} error={fields.confirmPassword} required testId="reset-confirm" showLabel={t('shell.common.showPassword')} hideLabel={t('shell.common.hidePassword')} />
        <Button type="submit" size="lg" full loading={busy} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
