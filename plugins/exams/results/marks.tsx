import type { StudentResult } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'

/** A student's mark as the tables show it: the mark out of the total, else why there is none. */
export function MarkCell({ student, total }: { student: StudentResult; total: number }) {
  const t = useT()
  if (!student.attempted)
    return (
      <span data-testid="result-mark" data-mark="absent">
        {t('exams.results.absent')}
      </span>
    )
  if (student.finalMark === null)
    return (
      <span data-testid="result-mark" data-mark="none">
        {t('exams.results.notMarked')}
      </span>
    )
  return (
    <span data-testid="result-mark" data-mark={student.finalMark}>
      {t('exams.results.markValue', { mark: student.finalMark, total })}
    </span>
  )
}
