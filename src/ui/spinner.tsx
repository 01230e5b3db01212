import { css, cva } from 'styled-system/css'

const spinner = cva({
  base: {
    display: 'inline-block',
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderInlineEndColor: 'transparent',
    animation: 'spin 0.8s linear infinite',
  },
  variants: {
    size: { sm: { width: '4', height: '4' }, md: { width: '6', height: '6' }, lg: { width: '10', height: '10' } },
    tone: {
      accent: { borderColor: 'accent.default', borderInlineEndColor: 'transparent' },
      inherit: { borderColor: 'currentColor', borderInlineEndColor: 'transparent' },
    },
  },
  defaultVariants: { size: 'md', tone: 'accent' },
})

export function Spinner({ size, tone, label }: { size?: 'sm' | 'md' | 'lg'; tone?: 'accent' | 'inherit'; label?: string }) {
  return <span role={label ? 'status' : undefined} aria-label={label} className={spinner({ size, tone })} />
}

/** A centred spinner for a page or a region that is loading. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className={css({ display: 'flex', justifyContent: 'center', alignItems: 'center', paddingBlock: '16', width: 'full' })}>
      <Spinner size="lg" label={label} />
    </div>
  )
}
