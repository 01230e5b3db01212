import { css } from 'styled-system/css'

/** The results' tables: full width, scrolling sideways inside their box on a narrow phone rather than widening the page; a table's box takes the focus (its users give it tabIndex 0) so the keyboard scrolls it too. */
export const tableBox = css({
  overflowX: 'auto',
  _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
})
export const table = css({ width: 'full', borderCollapse: 'collapse', fontSize: 'sm' })
export const headCell = css({ textAlign: 'start', fontWeight: 'semibold', color: 'fg.muted', paddingInline: '3', paddingBlock: '2', bg: 'bg.subtle' })
export const cell = css({ textAlign: 'start', paddingInline: '3', paddingBlock: '2.5', borderBlockStartWidth: '1px', borderColor: 'border.default' })
export const numberCell = css({ textAlign: 'end', whiteSpace: 'nowrap' })
