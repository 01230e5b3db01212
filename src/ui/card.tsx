import { cva, cx } from 'styled-system/css'
import type { HTMLAttributes } from 'react'

export const cardStyle = cva({
  base: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', boxShadow: 'xs' },
  variants: {
    padding: { none: {}, md: { padding: '5' }, lg: { padding: { base: '5', md: '8' } } },
    interactive: {
      true: {
        cursor: 'pointer',
        textAlign: 'start',
        transition: 'border-color 0.15s, box-shadow 0.15s, transform 0.15s',
        // Hover only where a pointer hovers: on a touch screen a tapped card would otherwise stay highlighted.
        WebkitTapHighlightColor: 'transparent',
        '@media (hover: hover)': { _hover: { borderColor: 'accent.default', boxShadow: 'md' } },
        _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
      },
    },
  },
  defaultVariants: { padding: 'md' },
})

export function Card({ className, padding, interactive, ...rest }: HTMLAttributes<HTMLDivElement> & { padding?: 'none' | 'md' | 'lg'; interactive?: boolean }) {
  return <div className={cx(cardStyle({ padding, interactive }), className)} {...rest} />
}
