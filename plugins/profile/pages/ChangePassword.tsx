import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { ResponseCode } from '../../../contracts/errors.ts'
import { checkPasswordChange } from '../../../contracts/validation.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { issuesToFields, splitProblem, type FieldErrors } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { notify } from '../../../src/ui/toast.tsx'

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Change password: a direct call, never stored on the device (no event, no outbox). `email`, when
 * known, goes in a hidden username field so a password manager updates the right saved login.
 */
export function ChangePassword({ email }: { email?: string }) {
  const t = useT()
  const { locale } = useI18n()
  const { session, renewTokens } = useSession()
  const [form, setForm] = useState(empty)
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<{ fields: FieldErrors; message: string | null }>({ fields: {}, message: null })
  const local = issuesToFields(checkPasswordChange(form), locale)
  const fields: FieldErrors = { ...server.fields, ...(touched ? local : {}) }
  const set = (key: keyof typeof empty) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    setServer((s) => ({ ...s, fields: { ...s.fields, [key]: '' } }))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (Object.keys(local).length > 0) return
    setBusy(true)
    try {
      await callApi((c) => c.account.changePassword({ payload: form }))
      setForm(empty)
      setTouched(false)
      setServer({ fields: {}, message: null })
      notify.success(t('shell.common.success'), t('profile.password.changed'))
      // A one-time password is replaced: fresh tokens no longer carry the restriction.
      if (session?.mustChangePassword === true) renewTokens()
    } catch (error) {
      const problem = problemOf(error)
      if (problem.code === ResponseCode.oldPasswordIncorrect) setServer({ fields: { oldPassword: problem.message }, message: null })
      else setServer(splitProblem(problem))
    } finally {
      setBusy(false)
    }
  }
  const common = { showLabel: t('shell.common.showPassword'), hideLabel: t('shell.common.hidePassword'), required: true }
  return (
    <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('profile.password.title')}</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('profile.password.text')}</p>
      </div>
      {server.message ? <Banner tone="danger">{server.message}</Banner> : null}
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'start' })} data-testid="password-form">
        {email ? <input type="text" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
        <PasswordField {...common} label={t('profile.password.old')} autoComplete="current-password" value={form.oldPassword} onValueChange={set('oldPassword')} error={fields.oldPassword || undefined} testId="password-old" />
        <PasswordField {...common} label={t('profile.password.new')} autoComplete="new-password" value={form.newPassword} onValueChange={set('newPassword')} error={fields.newPassword || undefined} testId="password-new" />
        <PasswordField {...common} label={t('profile.password.confirm')} autoComplete="new-password" value={form.confirmPassword} onValueChange={set('confirmPassword')} error={fields.confirmPassword || undefined} testId="password-confirm" />
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', justifyContent: 'flex-end' })}>
          <Button type="submit" loading={busy} data-testid="password-submit">
            {t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
