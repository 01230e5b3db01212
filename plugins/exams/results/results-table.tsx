import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

/** The data-* attributes a row or a cell carries for the tests (an id, the value behind the text shown). */
type DataAttributes = Readonly<Record<`data-${string}`, string | number>>

/** One column of a results table: its heading and what each row shows in it. */
export interface ResultsColumn<Row> {
  readonly heading: string
  readonly content: (row: Row) => ReactNode
  /** A number: set at the end edge and never wrapped. */
  readonly numeric?: boolean
  /** Long text (a question's header): the table scrolls sideways rather than squeeze it below 12rem. */
  readonly wide?: boolean
  readonly data?: (row: Row) => DataAttributes
}

/**
 * The exams' results tables (by class room, by student, by question, and a student's own scores):
 * the first column heads its row, the others are cells. The table scrolls sideways inside its box on
 * a narrow phone rather than widen the page, and the box takes the focus so the keyboard scrolls it too.
 * Named by `label`, or by the heading `labelledBy` points to.
 */
export function ResultsTable<Row>({
  label,
  labelledBy,
  testId,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowData,
}: {
  readonly label?: string
  readonly labelledBy?: string
  readonly testId?: string
  readonly columns: readonly [ResultsColumn<Row>, ...ReadonlyArray<ResultsColumn<Row>>]
  readonly rows: ReadonlyArray<Row>
  readonly rowKey: (row: Row) => string | number
  readonly rowTestId: string
  readonly rowData: (row: Row) => DataAttributes
}) {
  const [heading, ...rest] = columns
  return (
    <div className={tableBox} tabIndex={0}>
      <table className={table} aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={cx(headCell, column.numeric ? numberCell : undefined)}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} {...rowData(row)}>
              <th scope="row" className={cx(cell, rowHeadCell, heading.wide ? wideCell : undefined)} {...heading.data?.(row)}>
                {heading.content(row)}
              </th>
              {rest.map((column) => (
                <td
                  key={column.heading}
                  className={cx(cell, column.numeric ? numberCell : undefined, column.wide ? wideCell : undefined)}
                  {...column.data?.(row)}
                >
                  {column.content(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const tableBox = css({
  overflowX: 'auto',
  _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
})
const table = css({ width: 'full', borderCollapse: 'collapse', fontSize: 'sm' })
const headCell = css({ textAlign: 'start', fontWeight: 'semibold', color: 'fg.muted', paddingInline: '3', paddingBlock: '2', bg: 'bg.subtle' })
const cell = css({ textAlign: 'start', paddingInline: '3', paddingBlock: '2.5', borderBlockStartWidth: '1px', borderColor: 'border.default' })
const rowHeadCell = css({ fontWeight: 'normal' })
const numberCell = css({ textAlign: 'end', whiteSpace: 'nowrap' })
const wideCell = css({ minWidth: '12rem' })
