import { useEffect, useState } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { ResponseCode } from '../../../contracts/errors.ts'
import { webClient } from '../../../contracts/settings.ts'
import { checkPasswordReset } from '../../../contracts/validation.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { authRoutes } from '../routes.ts'
import { useCommonPasswordCheck } from '../../../src/forms/use-common-password-check.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { AuthCard, formStyle } from './auth-card.tsx'

/** /resetPassword?token=: the token is checked on open; an invalid one (or code 131 on submit) → /linkExpired. */
export default function ResetPassword() {
  const t = useT()
  const [, navigate] = useLocation()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [check, setCheck] = useState<'checking' | 'valid' | 'invalid'>(token === '' ? 'invalid' : 'checking')
  // The token check's own failure (not "invalid token": the network, the server) is said above the form.
  const [checkFailure, setCheckFailure] = useState<string | null>(null)
  const isCommon = useCommonPasswordCheck()
  const form = useForm({
    id: 'reset',
    initial: { newPassword: '', confirmPassword: '' },
    rules: (passwords) => checkPasswordReset(passwords, isCommon),
    submit: async (passwords) => {
      try {
        await callApi((c) => c.auth.resetPassword({ payload: { token, ...passwords, ...webClient } }), { auth: false })
        navigate(authRoutes.resetPasswordDone.link(), { replace: true })
      } catch (error) {
        if (problemOf(error).code !== ResponseCode.invalidResetToken) throw error
        navigate(authRoutes.linkExpired.link(), { replace: true })
      }
    },
  })

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
          setCheckFailure(problem.message)
        }
      },
    )
    return () => {
      live = false
    }
  }, [token])

  if (check === 'invalid') return <Redirect to={authRoutes.linkExpired.link()} replace />
  if (check === 'checking') return <LoadingBlock label={t('shell.common.loading')} />

  return (
    <AuthCard title={t('auth.reset.title')} text={t('auth.reset.text')}>
      {(form.message ?? checkFailure) ? <Banner tone="danger">{form.message ?? checkFailure}</Banner> : null}
      <form className={formStyle} onSubmit={form.handleSubmit} noValidate data-testid="reset-form">
        <PasswordField
          {...form.field('newPassword')}
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          helper={t('auth.reset.rule')}
          required
          testId="reset-new"
          showLabel={t('shell.common.showPassword')}
          hideLabel={t('shell.common.hidePassword')}
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          required
          testId="reset-confirm"
          showLabel={t('shell.common.showPassword')}
          hideLabel={t('shell.common.hidePassword')}
        />
        <Button type="submit" size="lg" full loading={form.busy} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
