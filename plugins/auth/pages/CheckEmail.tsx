import { Link } from 'wouter'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { MailIcon } from '../../../src/ui/icons.tsx'
import { AuthCard } from './auth-card.tsx'

/** "Check your email": the same answer whether or not the address is known. */
export default function CheckEmail() {
  const t = useT()
  return (
    <AuthCard title={t('auth.checkEmail.title')} text={t('auth.checkEmail.text')} icon={<MailIcon />} testId="check-email">
      <Link href={shellRoutes.signIn.link()} className={buttonStyle({ variant: 'outline', size: 'lg', full: true })}>
        {t('auth.common.backToSignIn')}
      </Link>
    </AuthCard>
  )
}
