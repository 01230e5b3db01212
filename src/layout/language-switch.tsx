import { css } from 'styled-system/css'
import { useI18n, useT } from '../i18n/intl.tsx'
import { GlobeIcon } from '../ui/icons.tsx'

/** English ⇄ العربية; the choice is kept on the device and flips the layout direction. */
export function LanguageSwitch() {
  const { locale, setLocale } = useI18n()
  const t = useT()
  const next = locale === 'ar' ? 'en' : 'ar'
  return (
    <button
      type="button"
      data-testid="language-switch"
      onClick={() => void setLocale(next)}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        height: { base: '11', md: '9' },
        paddingInline: '3',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        fontSize: 'sm',
        fontWeight: 'medium',
        cursor: 'pointer',
        color: 'fg.default',
        _hover: { bg: 'bg.subtle' },
        _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
      })}
    >
      <GlobeIcon />
      {/* The visible name (in the other language) starts the accessible name; the hint says what it does. */}
      <span lang={next}>{t('shell.topbar.switchTo')}</span>
      <span className={css({ srOnly: true })}>{t('shell.topbar.switchToHint')}</span>
    </button>
  )
}
