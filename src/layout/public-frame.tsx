import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
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
          <span
            aria-hidden
            className={css({
              display: 'inline-flex',
              width: '8',
              height: '8',
              borderRadius: 'lg',
              bg: 'accent.default',
              color: 'fg.onAccent',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 'md',
            })}
          >
            ف
          </span>
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
