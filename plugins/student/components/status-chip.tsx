import { cva } from 'styled-system/css'
import type { SubmissionStatus } from '../../../contracts/homework.ts'
import { useT } from '../../../src/i18n/intl.tsx'

/** The API's spelling of a status as the message keys spell it. */
const statusKeys = { not_viewed: 'notViewed', in_progress: 'inProgress', ready: 'ready', uncompleted: 'uncompleted', done: 'done' } as const satisfies Record<SubmissionStatus, string>

const chip = cva({
  base: { display: 'inline-flex', alignItems: 'center', paddingInline: '2.5', paddingBlock: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', borderWidth: '1px', whiteSpace: 'nowrap' },
  variants: {
    status: {
      not_viewed: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      in_progress: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      ready: { bg: 'accent.subtle', color: 'accent.emphasis', borderColor: 'accent.muted' },
      uncompleted: { bg: 'danger.subtle', color: 'danger.emphasis', borderColor: 'danger.border' },
      done: { bg: 'accent.emphasis', color: 'white', borderColor: 'accent.emphasis' },
    },
  },
})

/** Her homework's status, in a student's words ("to do", "handed in", "corrected"). */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  const t = useT()
  return (
    <span className={chip({ status })} data-testid="my-homework-status" data-status={status}>
      {t(`student.status.${statusKeys[status]}`)}
    </span>
  )
}
