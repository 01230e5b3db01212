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

/** A submission's status, in the teacher's words; work handed in after her due date says "late". */
export function StatusChip({ status, late = false }: { status: SubmissionStatus; late?: boolean }) {
  const t = useT()
  const label = t(`homework.status.${submissionStatusNames[status]}`)
  return (
    <Chip tone={late ? 'alert' : tones[status]} data-testid="correction-status" data-status={status} data-late={late || undefined}>
      {late ? t('homework.status.late', { status: label }) : label}
    </Chip>
  )
}

export const gradeText = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
