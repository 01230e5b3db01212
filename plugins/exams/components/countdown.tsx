import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocale, useT } from '../../../src/i18n/intl.tsx'
import { remainingMs } from '../../../machines/take-exam.machine.ts'

/** `h:mm:ss` or `mm:ss` in the locale's digits (Arabic-Indic in Arabic). */
const clockText = (ms: number, locale: string) => {
  const seconds = Math.ceil(ms / 1000)
  const two = (value: number) => value.toLocaleString(locale, { minimumIntegerDigits: 2, useGrouping: false })
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return hours > 0 ? `${hours.toLocaleString(locale)}:${two(minutes)}:${two(seconds % 60)}` : `${two(minutes)}:${two(seconds % 60)}`
}

/**
 * The time left before her deadline, counted by the server's clock (`serverOffsetMs`: what the page
 * adds to its own time), so a device whose clock is wrong, or a reload, counts the same. Calls
 * `onElapsed` once it reaches zero.
 */
export function Countdown({ deadlineAt, serverOffsetMs, onElapsed }: { deadlineAt: string; serverOffsetMs: number; onElapsed: () => void }) {
  const t = useT()
  const locale = useLocale()
  const [left, setLeft] = useState(() => remainingMs({ deadlineAt, serverOffsetMs }, Date.now()) ?? 0)
  useEffect(() => {
    const tick = () => {
      const now = remainingMs({ deadlineAt, serverOffsetMs }, Date.now()) ?? 0
      setLeft(now)
      if (now <= 0) onElapsed()
    }
    tick()
    const timer = setInterval(tick, 500)
    return () => clearInterval(timer)
  }, [deadlineAt, serverOffsetMs, onElapsed])
  const text = clockText(left, locale === 'ar' ? 'ar-EG' : 'en-US')
  const low = left < 5 * 60_000
  return (
    <div
      role="timer"
      aria-label={t('exams.take.timeLeftLabel', { time: text })}
      data-testid="exam-countdown"
      data-remaining-ms={left}
      className={css({
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'center',
        paddingInline: '3',
        paddingBlock: '1',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: low ? 'danger.border' : 'border.default',
        bg: low ? 'danger.subtle' : 'bg.surface',
        color: low ? 'danger.default' : 'fg.default',
      })}
    >
      <span className={css({ fontSize: 'xs', color: low ? 'danger.default' : 'fg.muted' })} aria-hidden>
        {t('exams.take.timeLeft')}
      </span>
      <span className={css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })} aria-hidden dir="ltr">
        {text}
      </span>
    </div>
  )
}
