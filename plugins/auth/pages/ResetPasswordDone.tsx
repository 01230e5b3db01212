import { Link } from 'wouter'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { SparkIcon } from '../../../src/ui/icons.tsx'
import { AuthCard } from './auth-card.tsx'

export default function ResetPasswordDone() {
  const t = useT()
  return (
    <AuthCard title={t('auth.resetDone.title')} text={t('auth.resetDone.text')} icon={<SparkIcon />} testId="reset-done">
      <Link href={shellRoutes.signIn.link()} className={buttonStyle({ size: 'lg', full: true })}>
        {t('auth.resetDone.signIn')}
      </Link>
    </AuthCard>
  )
}
