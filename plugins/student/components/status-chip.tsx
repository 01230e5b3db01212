import { submissionStatusNames, type SubmissionStatus } from '../../homework/contract/homework.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { type ChipTone, StatusChip as Chip } from '../../../src/ui/status-chip.tsx'

/** For the student, work not opened yet is as much "to do" as work begun. */
const tones: Readonly<Record<SubmissionStatus, ChipTone>> = {
  not_viewed: 'waiting',
  in_progress: 'waiting',
  ready: 'info',
  uncompleted: 'alert',
  done: 'complete',
}

/** Her homework's status, in a student's words ("to do", "handed in", "corrected"); handed in after the due date says so. */
export function StatusChip({ status, late = false }: { status: SubmissionStatus; late?: boolean }) {
  const t = useT()
  const handedInLate = late && status === 'ready'
  return (
    <Chip tone={handedInLate ? 'alert' : tones[status]} data-testid="my-homework-status" data-status={status} data-late={late || undefined}>
      {handedInLate ? t('student.status.readyLate') : t(`student.status.${submissionStatusNames[status]}`)}
    </Chip>
  )
}
