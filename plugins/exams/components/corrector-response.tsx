import { useEventStore } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import type { CorrectorExamSummary } from '../contract/exam-views.ts'
import { respondAsCorrector } from '../builder/commands.ts'
import { correctorMayRespond } from '../builder/exam-actions.ts'

/** A corrector's answer to being named on an exam: accept or decline, while her machine allows it (on her list's card and the exam's details). */
export function CorrectorResponse({ exam }: { exam: Pick<CorrectorExamSummary, 'id' | 'title' | 'correctorStatus'> }) {
  const t = useT()
  const store = useEventStore()
  if (!correctorMayRespond(exam.correctorStatus)) return null
  const answer = (accept: boolean) => store.dispatch(respondAsCorrector, { examId: exam.id, title: exam.title, accept })
  const describedBy = `exam-${exam.id}-title`
  return (
    <>
      <Button size="sm" onClick={() => answer(true)} aria-describedby={describedBy} data-testid="exam-corrector-accept">
        {t('exams.correction.accept')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => answer(false)} aria-describedby={describedBy} data-testid="exam-corrector-decline">
        {t('exams.correction.decline')}
      </Button>
    </>
  )
}
