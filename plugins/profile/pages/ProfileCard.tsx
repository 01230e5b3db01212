import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { profileRoute } from '../routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { UserIcon } from '../../../src/ui/icons.tsx'

/** Home card contributed through the plugin host's extension point. */
export default function ProfileCard() {
  const t = useT()
  return (
    <Card className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
      <span
        aria-hidden
        className={css({
          display: 'inline-flex',
          width: '10',
          height: '10',
          borderRadius: 'full',
          bg: 'accent.subtle',
          color: 'accent.default',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
        })}
      >
        <UserIcon />
      </span>
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column' })}>
        <span className={css({ fontWeight: 'semibold' })}>{t('profile.card.title')}</span>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('profile.card.text')}</span>
      </div>
      <Link href={profileRoute.link()} className={buttonStyle({ variant: 'outline', size: 'sm' })}>
        {t('profile.card.open')}
      </Link>
    </Card>
  )
}
