import type { HTMLAttributes } from 'react'
import { cva, cx } from 'styled-system/css'

/** How a status reads at a glance; each feature picks the tone of its own statuses. */
export type ChipTone = 'neutral' | 'waiting' | 'info' | 'alert' | 'complete'

const chip = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingInline: '2.5',
    paddingBlock: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    borderWidth: '1px',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' },
      waiting: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      info: { bg: 'accent.subtle', color: 'accent.emphasis', borderColor: 'accent.muted' },
      alert: { bg: 'danger.subtle', color: 'danger.emphasis', borderColor: 'danger.border' },
      complete: { bg: 'accent.emphasis', color: 'white', borderColor: 'accent.emphasis' },
    },
  },
})

/** A short status label in a pill: the words are the caller's, the colours the tone's. */
export function StatusChip({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone: ChipTone }) {
  return <span className={cx(chip({ tone }), className)} {...rest} />
}
