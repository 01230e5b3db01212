import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { BrandMark } from '../ui/brand-mark.tsx'
import { useT } from '../i18n/intl.tsx'
import { LanguageSwitch } from './language-switch.tsx'

/** The frame of public pages (sign-in, errors when signed out): centred, language switch at the inline end. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <div className={css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas' })}>
      <header
        className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: { base: '4', md: '8' }, paddingBlock: '4' })}
      >
        <span className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', fontSize: 'xl', color: 'accent.default' })}>
          <BrandMark />
          {t('shell.app.name')}
        </span>
        <LanguageSwitch />
      </header>
      <main
        id="main"
        className={css({
          flex: '1',
          display: 'flex',
          alignItems: { base: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          paddingInline: '4',
          paddingBlock: { base: '4', sm: '8' },
        })}
      >
        {children}
      </main>
    </div>
  )
}
