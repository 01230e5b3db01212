import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/** A long form's buttons, kept in sight at the bottom of the window while the form scrolls under them. */
export function FormActions({ children }: { readonly children: ReactNode }) {
  return (
    <div
      className={css({
        display: 'flex',
        gap: '3',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        position: 'sticky',
        insetBlockEnd: '0',
        bg: 'bg.canvas',
        paddingBlock: '3',
        borderBlockStartWidth: '1px',
        borderColor: 'border.default',
      })}
    >
      {children}
    </div>
  )
}
