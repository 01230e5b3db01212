import { cva } from 'styled-system/css'
import type { ReactNode } from 'react'

const banner = cva({
  base: { display: 'flex', alignItems: 'center', gap: '3', paddingBlock: '2.5', paddingInline: '4', fontSize: 'sm', borderRadius: 'lg', borderWidth: '1px' },
  variants: {
    tone: {
      warning: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      danger: { bg: 'danger.subtle', color: 'danger.default', borderColor: 'danger.border' },
      info: { bg: 'accent.subtle', color: 'accent.emphasis', borderColor: 'accent.muted' },
    },
  },
  defaultVariants: { tone: 'info' },
})

/** A strip of information above the content (offline, pending changes, a form-level error). */
export function Banner({
  tone,
  children,
  testId,
  live = true,
}: {
  tone?: 'warning' | 'danger' | 'info'
  children: ReactNode
  testId?: string
  live?: boolean
}) {
  return (
    <div className={banner({ tone })} role={tone === 'danger' ? 'alert' : live ? 'status' : undefined} data-testid={testId}>
      {children}
    </div>
  )
}
