import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useT } from '../../i18n/intl.tsx'

/** Pieces every read-only answer is drawn with: a part's ✓ or ✗, a row, a titled section. */

const mark = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '5',
  height: '5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'bold',
  flexShrink: 0,
})
const rightMark = css({ bg: 'accent.default', color: 'fg.onAccent' })
const wrongMark = css({ bg: 'danger.default', color: 'fg.onAccent' })
const neutralMark = css({ borderWidth: '1px', borderColor: 'border.strong' })

/** ✓ or ✗ with its meaning spoken (the symbol alone is not read well by every screen reader). */
export function Mark({ correct }: { correct: boolean | null }) {
  const t = useT()
  if (correct === null) return <span aria-hidden className={mark + ' ' + neutralMark} />
  return (
    <span className={mark + ' ' + (correct ? rightMark : wrongMark)}>
      <span aria-hidden>{correct ? '✓' : '✗'}</span>
      <span className={css({ srOnly: true })}>{t(correct ? 'questions.view.outcome.correct' : 'questions.view.outcome.incorrect')}</span>
    </span>
  )
}

export const line = css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '8' })
export const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-testid={testId}>
      <p className={sectionTitle}>{title}</p>
      {children}
    </div>
  )
}
