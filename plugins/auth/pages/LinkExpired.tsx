import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { ClockIcon } from '../../../src/ui/icons.tsx'
import { AuthCard, linkStyle } from './auth-card.tsx'
import { RequestLinkForm } from './ForgetPassword.tsx'

/** The reset link was spent, expired or forged; the user may ask for another one right here. */
export default function LinkExpired() {
  const t = useT()
  return (
    <AuthCard title={t('auth.linkExpired.title')} text={t('auth.linkExpired.text')} icon={<ClockIcon />} testId="link-expired">
      <RequestLinkForm submitLabel={t('auth.linkExpired.submit')} />
      <div className={css({ textAlign: 'center' })}>
        <Link href={shellRoutes.signIn.link()} className={linkStyle}>
          {t('auth.common.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  )
}
