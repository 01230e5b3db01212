import { css, cva } from 'styled-system/css'
import type { SubmissionStatus } from '../../../contracts/homework.ts'
import { useT } from '../../../src/i18n/intl.tsx'

/** The API's spelling of a status as the message keys spell it. */
const statusKeys = { not_viewed: 'notViewed', in_progress: 'inProgress', ready: 'ready', uncompleted: 'uncompleted', done: 'done' } as const satisfies Record<SubmissionStatus, string>

const chip = cva({
  base: { display: 'inline-flex', alignItems: 'center', paddingInline: '2.5', paddingBlock: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', borderWidth: '1px', whiteSpace: 'nowrap' },
  variants: {
    status: {
      not_viewed: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' },
      in_progress: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      ready: { bg: 'accent.subtle', color: 'accent.emphasis', borderColor: 'accent.muted' },
      uncompleted: { bg: 'danger.subtle', color: 'danger.emphasis', borderColor: 'danger.border' },
      done: { bg: 'accent.emphasis', color: 'white', borderColor: 'accent.emphasis' },
    },
  },
})

/** A submission's status, in the teacher's words. */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  const t = useT()
  return (
    <span className={chip({ status })} data-testid="correction-status" data-status={status}>
      {t(`homework.status.${statusKeys[status]}`)}
    </span>
  )
}

export const gradeText = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
