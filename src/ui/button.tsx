import { cva, cx, type RecipeVariantProps } from 'styled-system/css'
import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './spinner.tsx'

export const buttonStyle = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    transition: 'background 0.15s, border-color 0.15s, box-shadow 0.15s',
    whiteSpace: 'nowrap',
    _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'accent.default', color: 'fg.onAccent', _hover: { bg: 'accent.emphasis' } },
      outline: { bg: 'bg.surface', color: 'fg.default', borderColor: 'border.strong', _hover: { bg: 'bg.subtle' } },
      ghost: { bg: 'transparent', color: 'fg.default', _hover: { bg: 'bg.subtle' } },
      danger: { bg: 'danger.default', color: 'fg.onAccent', _hover: { bg: 'danger.emphasis' } },
      link: { bg: 'transparent', color: 'accent.default', paddingInline: '0', _hover: { textDecoration: 'underline' } },
    },
    size: {
      // 44 px (WCAG 2.5.5) on phones; the compact heights from md up.
      sm: { fontSize: 'sm', height: { base: '11', md: '8' }, paddingInline: '3' },
      md: { fontSize: 'sm', height: { base: '11', md: '10' }, paddingInline: '4' },
      lg: { fontSize: 'md', height: '12', paddingInline: '6' },
    },
    full: { true: { width: 'full' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  RecipeVariantProps<typeof buttonStyle> & { readonly loading?: boolean; readonly ref?: React.Ref<HTMLButtonElement> }

export function Button({ variant, size, full, loading = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonStyle({ variant, size, full }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" tone="inherit" /> : null}
      {children}
    </button>
  )
}
