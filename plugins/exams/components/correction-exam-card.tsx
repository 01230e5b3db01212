import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CorrectorExamSummary } from '../contract/exam-views.ts'
import { correctionCodes } from '../contract/correction-codes.ts'
import { correctionReads } from '../correction/reads.ts'
import { examRoutes } from '../routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { ExamCard } from './exam-card.tsx'

/**
 * An exam she corrects, with her papers graded of her total and the way to correct them; before the
 * exam closes (240), when its papers will be given out instead.
 */
export function CorrectionExamCard({ exam }: { exam: CorrectorExamSummary }) {
  const t = useT()
  const reads = correctionReads.papers(exam.id)
  const papers = useResource(reads.key, reads.load, { freshOnMount: true })
  const notClosed = papers.status === 'error' && papers.problem.code === correctionCodes.examNotClosed
  const graded = papers.status === 'ready' ? papers.data.papers.filter((paper) => paper.graded).length : 0
  const total = papers.status === 'ready' ? papers.data.papers.length : 0
  return (
    <ExamCard
      exam={exam}
      showTeacher
      chips={
        papers.status === 'ready' ? (
          <StatusChip tone={graded === total ? 'complete' : 'info'} data-testid="correction-exam-progress" data-graded={graded} data-total={total}>
            {t('exams.sessions.progress', { graded, total })}
          </StatusChip>
        ) : notClosed ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="correction-exam-not-closed">
            {t('exams.sessions.notClosed')}
          </span>
        ) : null
      }
      actions={
        papers.status === 'ready' && total > 0 ? (
          <Link
            href={examRoutes.correct.link({ id: String(exam.id) })}
            aria-describedby={`exam-${exam.id}-title`}
            className={buttonStyle({ size: 'sm', variant: graded === total ? 'outline' : 'solid' })}
            data-testid="correction-exam-open"
          >
            {t(graded === total ? 'exams.sessions.review' : 'exams.sessions.correct')}
          </Link>
        ) : null
      }
    />
  )
}
