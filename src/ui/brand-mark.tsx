import { css } from 'styled-system/css'

/** The app's mark, the letter ف on the accent colour, beside the app's name in the shell's headers; decorative. */
export function BrandMark() {
  return (
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
  )
}
