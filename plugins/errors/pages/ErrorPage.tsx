import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useLocale, useT } from '../../../src/i18n/intl.tsx'
import { bcp47Of } from '../../../src/i18n/locale-store.ts'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { buttonStyle } from '../../../src/ui/button.tsx'

/** 401 / 403 / 404 / 505: a big code, a title, a line of text and the go-home button. */
export default function ErrorPage({ route }: PageProps) {
  const t = useT()
  const locale = useLocale()
  const titleKey = route.title ?? 'errors.404.title'
  const code = (['401', '403', '505'] as const).find((candidate) => titleKey === `errors.${candidate}.title`) ?? '404'
  return (
    <section
      data-testid={`error-${code}`}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '4',
        paddingBlock: '12',
        maxWidth: '32rem',
        marginInline: 'auto',
      })}
    >
      <p aria-hidden className={css({ fontSize: '6xl', fontWeight: 'bold', color: 'accent.default', lineHeight: '1', letterSpacing: '-0.02em' })}>
        {new Intl.NumberFormat(bcp47Of(locale), { useGrouping: false }).format(Number(code))}
      </p>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' })}>{t(titleKey)}</h1>
      <p className={css({ color: 'fg.muted' })}>{t(`errors.${code}.text`)}</p>
      <Link href={shellRoutes.home.link()} className={buttonStyle({ size: 'lg' })} data-testid="go-home">
        {t('shell.common.goHome')}
      </Link>
    </section>
  )
}
