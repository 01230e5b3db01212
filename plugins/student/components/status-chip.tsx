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

/** Her homework's status, in a student's words ("to do", "handed in", "corrected"). */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  const t = useT()
  return (
    <Chip tone={tones[status]} data-testid="my-homework-status" data-status={status}>
      {t(`student.status.${submissionStatusNames[status]}`)}
    </Chip>
  )
}
