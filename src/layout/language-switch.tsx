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
      lang={next}
      aria-label={t('shell.topbar.switchToLabel')}
      onClick={() => setLocale(next)}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        height: '9',
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
      {t('shell.topbar.switchTo')}
    </button>
  )
}
