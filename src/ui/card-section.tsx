import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { css, cx } from 'styled-system/css'
import { cardStyle } from './card.tsx'

/** An underlined link in the accent colour, as tall as a touch target: a card's "see all", a page's way back or on. */
export const accentLink = css({
  color: 'accent.emphasis',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  minHeight: '11',
  display: 'inline-flex',
  alignItems: 'center',
})

/**
 * A card as wide as its grid with a heading, its content and a link to the whole list below it (a
 * home page's "to do" cards): `id` names the heading the section is labelled by.
 */
export function CardSection({
  id,
  title,
  more,
  children,
  ...rest
}: {
  readonly id: string
  readonly title: string
  readonly more: { readonly href: string; readonly label: string; readonly testId?: string }
  readonly children: ReactNode
  readonly 'data-testid'?: string
}) {
  return (
    <section
      aria-labelledby={id}
      className={cx(cardStyle({ padding: 'md' }), css({ display: 'flex', flexDirection: 'column', gap: '3', gridColumn: '1 / -1' }))}
      {...rest}
    >
      <h2 id={id} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {title}
      </h2>
      {children}
      <Link href={more.href} className={accentLink} data-testid={more.testId}>
        {more.label}
      </Link>
    </section>
  )
}
