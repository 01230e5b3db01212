import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { ExamResultsLine } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { examStatusTone } from '../builder/exam-actions.ts'
import { examRoutes } from '../routes.ts'

/** Her exams on a results list: status, title, subject and end, and the way into each one's results; `heading` keeps the page's heading order. */
export function ResultsLineList({ lines, label, heading: Heading }: { lines: ReadonlyArray<ExamResultsLine>; label: string; heading: 'h2' | 'h3' }) {
  const t = useT()
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="results-lines">
      {lines.map((line) => {
        const titleId = `results-${line.examId}-title`
        return (
          <li
            key={line.examId}
            aria-labelledby={titleId}
            data-testid="results-line"
            data-exam-id={line.examId}
            className={
              cardStyle({ padding: 'md' }) +
              ' ' +
              css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '3', justifyContent: 'space-between', alignItems: { md: 'center' } })
            }
          >
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
              <div>
                <StatusChip tone={examStatusTone[line.status]} data-testid="results-line-status">
                  {t(`exams.status.${line.status}`)}
                </StatusChip>
              </div>
              <Heading id={titleId} className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
                <UserText text={line.title} />
              </Heading>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {t('exams.myResults.ended', { subject: line.subjectName, date: new Date(line.endsAt) })}
              </p>
            </div>
            <Link
              href={examRoutes.results.link({ id: String(line.examId) })}
              aria-describedby={titleId}
              className={buttonStyle({ size: 'sm', variant: line.status === 'done' ? 'solid' : 'outline' })}
              data-testid="results-open"
            >
              {t('exams.results.open')}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
