import { css } from 'styled-system/css'
import type { ReactNode } from 'react'

/** A calm placeholder: nothing here yet, coming soon, or something failed (with an action). */
export function EmptyState({
  title,
  text,
  action,
  icon,
  tone = 'neutral',
  testId,
  heading = 'h2',
}: {
  title: string
  text?: string
  action?: ReactNode
  icon?: ReactNode
  tone?: 'neutral' | 'danger'
  testId?: string
  /** 'h1' where it is the whole page (nothing else on it gives the page its heading). */
  heading?: 'h1' | 'h2'
}) {
  const Heading = heading
  return (
    <div
      data-testid={testId}
      role={tone === 'danger' ? 'alert' : undefined}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '3',
        paddingBlock: '12',
        paddingInline: '6',
        maxWidth: '32rem',
        marginInline: 'auto',
      })}
    >
      {icon ? (
        <div className={css({ color: tone === 'danger' ? 'danger.default' : 'accent.default', fontSize: '3xl' })} aria-hidden>
          {icon}
        </div>
      ) : null}
      <Heading className={css({ fontSize: 'xl', fontWeight: 'semibold', color: 'fg.default' })}>{title}</Heading>
      {text ? <p className={css({ color: 'fg.muted' })}>{text}</p> : null}
      {action ? <div className={css({ marginBlockStart: '2' })}>{action}</div> : null}
    </div>
  )
}
