import { css } from 'styled-system/css'
import { ResponseCode } from '../../../contracts/errors.ts'
import { checkPasswordChange } from '../../../contracts/validation.ts'
import { callApi } from '../../../src/api/client.ts'
import { useCommonPasswordCheck } from '../../../src/forms/use-common-password-check.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useT } from '../../../src/i18n/intl.tsx'
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
  const { session, renewTokens } = useSession()
  const isCommon = useCommonPasswordCheck()
  const form = useForm({
    id: 'password',
    initial: empty,
    rules: (passwords) => checkPasswordChange(passwords, isCommon),
    fieldCodes: { [ResponseCode.oldPasswordIncorrect]: 'oldPassword' },
    submit: async (passwords) => {
      await callApi((c) => c.account.changePassword({ payload: passwords }))
      form.reset(empty)
      notify.success(t('shell.common.success'), t('profile.password.changed'))
      // A one-time password is replaced: fresh tokens no longer carry the restriction.
      if (session?.mustChangePassword === true) renewTokens()
    },
  })
  // Three toggles on one form: each is named after its own field ("Show current password").
  const toggles = (field: string) => ({
    label: field,
    showLabel: t('shell.common.showField', { field }),
    hideLabel: t('shell.common.hideField', { field }),
    required: true,
  })
  return (
    <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('profile.password.title')}</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('profile.password.text')}</p>
      </div>
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      <form
        onSubmit={form.handleSubmit}
        noValidate
        className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'start' })}
        data-testid="password-form"
      >
        {email ? <input type="text" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
        <PasswordField {...form.field('oldPassword')} {...toggles(t('profile.password.old'))} autoComplete="current-password" testId="password-old" />
        <PasswordField {...form.field('newPassword')} {...toggles(t('profile.password.new'))} autoComplete="new-password" testId="password-new" />
        <PasswordField {...form.field('confirmPassword')} {...toggles(t('profile.password.confirm'))} autoComplete="new-password" testId="password-confirm" />
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', justifyContent: 'flex-end' })}>
          <Button type="submit" loading={form.busy} data-testid="password-submit">
            {t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
