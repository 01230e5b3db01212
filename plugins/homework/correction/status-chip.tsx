import { css } from 'styled-system/css'
import { submissionStatusNames, type SubmissionStatus } from '../contract/homework.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { type ChipTone, StatusChip as Chip } from '../../../src/ui/status-chip.tsx'

/** For the teacher, work not yet opened is merely grey; handed-in work stands out. */
const tones: Readonly<Record<SubmissionStatus, ChipTone>> = {
  not_viewed: 'neutral',
  in_progress: 'waiting',
  ready: 'info',
  uncompleted: 'alert',
  done: 'complete',
}

/** A submission's status, in the teacher's words. */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  const t = useT()
  return (
    <Chip tone={tones[status]} data-testid="correction-status" data-status={status}>
      {t(`homework.status.${submissionStatusNames[status]}`)}
    </Chip>
  )
}

export const gradeText = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
