import { Link } from 'wouter'
import { sessionDefaults } from '../../../contracts/settings.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { ClockIcon } from '../../../src/ui/icons.tsx'
import { AuthCard } from './auth-card.tsx'

export default function TimedOut() {
  const t = useT()
  return (
    <AuthCard
      title={t('auth.timedOut.title')}
      text={t('auth.timedOut.text', { minutes: sessionDefaults.idleTimeoutMs / 60000 })}
      icon={<ClockIcon />}
      testId="timed-out"
    >
      <Link href={shellRoutes.signIn.link()} className={buttonStyle({ size: 'lg', full: true })}>
        {t('auth.timedOut.signIn')}
      </Link>
    </AuthCard>
  )
}
