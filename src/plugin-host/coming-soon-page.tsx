import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { shellRoutes } from './shell-routes.ts'
import { useT } from '../i18n/intl.tsx'
import { buttonStyle } from '../ui/button.tsx'
import { SparkIcon } from '../ui/icons.tsx'
import type { PageProps } from './define-plugin.ts'

/** The page of a route whose feature comes later: its title (route.title), a "coming soon" badge and a way home. */
export default function ComingSoonPage({ route }: PageProps) {
  const t = useT()
  return (
    <section
      data-testid="coming-soon"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '4',
        paddingBlock: '16',
        maxWidth: '32rem',
        marginInline: 'auto',
      })}
    >
      <span
        aria-hidden
        className={css({
          display: 'inline-flex',
          width: '14',
          height: '14',
          borderRadius: '2xl',
          bg: 'accent.subtle',
          color: 'accent.default',
          alignItems: 'center',
          justifyContent: 'center',
        })}
      >
        <SparkIcon />
      </span>
      <span
        className={css({
          fontSize: 'xs',
          fontWeight: 'semibold',
          textTransform: 'uppercase',
          letterSpacing: '0.08em',
          color: 'accent.emphasis',
          bg: 'accent.subtle',
          paddingInline: '3',
          paddingBlock: '1',
          borderRadius: 'full',
        })}
      >
        {t('shell.comingSoon.badge')}
      </span>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{route.title ? t(route.title) : t('shell.comingSoon.badge')}</h1>
      <p className={css({ color: 'fg.muted' })}>{t('shell.comingSoon.text')}</p>
      <Link href={shellRoutes.home.link()} className={buttonStyle({ variant: 'outline' })}>
        {t('shell.common.goHome')}
      </Link>
    </section>
  )
}
