import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Card } from '../../../src/ui/card.tsx'

/** The card every auth page sits in: an icon, a title, a line of text, then the form or actions. */
export function AuthCard({
  title,
  text,
  icon,
  children,
  testId,
}: {
  title: string
  text?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  testId?: string
}) {
  return (
    <Card
      padding="lg"
      className={css({ width: 'full', maxWidth: '26rem', display: 'flex', flexDirection: 'column', gap: '6', boxShadow: 'md' })}
      data-testid={testId}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {icon ? (
          <span
            aria-hidden
            className={css({
              display: 'inline-flex',
              width: '11',
              height: '11',
              borderRadius: 'xl',
              bg: 'accent.subtle',
              color: 'accent.default',
              alignItems: 'center',
              justifyContent: 'center',
              marginBlockEnd: '2',
            })}
          >
            {icon}
          </span>
        ) : null}
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default', letterSpacing: '-0.01em' })}>{title}</h1>
        {text ? <p className={css({ color: 'fg.muted' })}>{text}</p> : null}
      </div>
      {children}
    </Card>
  )
}

export const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' })
export const linkStyle = css({
  color: 'accent.default',
  fontWeight: 'medium',
  fontSize: 'sm',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
})
