import { css } from 'styled-system/css'

/** Shared layout of the editor's parts. */
export const group = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  padding: { base: '3', md: '4' },
  minWidth: '0',
})
export const legend = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', paddingInline: '1' })
export const help = css({ fontSize: 'xs', color: 'fg.muted' })
export const row = css({ display: 'flex', alignItems: 'flex-end', gap: '2', flexWrap: { base: 'wrap', sm: 'nowrap' } })
export const groupError = css({ fontSize: 'sm', color: 'danger.default' })
/** A square icon button: 44 px on phones, 40 from md up. */
export const iconButton = css({ width: { base: '11', md: '10' }, paddingInline: '0', flexShrink: 0 })
