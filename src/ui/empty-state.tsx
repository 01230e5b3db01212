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
}: {
  title: string
  text?: string
  action?: ReactNode
  icon?: ReactNode
  tone?: 'neutral' | 'danger'
  testId?: string
}) {
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
      <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold', color: 'fg.default' })}>{title}</h2>
      {text ? <p className={css({ color: 'fg.muted' })}>{text}</p> : null}
      {action ? <div className={css({ marginBlockStart: '2' })}>{action}</div> : null}
    </div>
  )
}
