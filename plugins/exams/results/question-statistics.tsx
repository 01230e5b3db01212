import { css } from 'styled-system/css'
import type { ExamResults } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { ResultsTable } from './results-table.tsx'

/**
 * Per question its facility (the mean share of its degree earned) and discrimination index (upper
 * 27% minus lower 27% by final mark), as the server computes them (server/results/statistics.ts),
 * with a short explanation above the table for a teacher who has not met the terms.
 */
export function QuestionStatistics({ results }: { results: ExamResults }) {
  const t = useT()
  const tooFew = results.questions.every((question) => question.facility === null)
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <section
        aria-labelledby="results-stats-help"
        className={css({ bg: 'bg.subtle', borderRadius: 'lg', padding: '4', display: 'flex', flexDirection: 'column', gap: '2' })}
      >
        <h2 id="results-stats-help" className={css({ fontWeight: 'semibold' })}>
          {t('exams.results.statsHelpTitle')}
        </h2>
        <p className={css({ fontSize: 'sm' })}>{t('exams.results.facilityHelp')}</p>
        <p className={css({ fontSize: 'sm' })}>{t('exams.results.discriminationHelp')}</p>
        {tooFew ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.results.statsNeedTwo')}</p> : null}
      </section>
      <ResultsTable
        label={t('exams.results.questions')}
        testId="results-questions"
        columns={[
          { heading: t('exams.results.question'), wide: true, content: (question) => <UserText text={question.header} /> },
          { heading: t('exams.results.degree'), numeric: true, content: (question) => t('exams.results.number', { value: question.degree }) },
          {
            heading: t('exams.results.facility'),
            numeric: true,
            content: (question) => (question.facility === null ? t('exams.results.notEnough') : t('exams.results.percent', { value: question.facility })),
            data: (question) => ({ 'data-testid': 'results-facility', 'data-value': question.facility ?? '' }),
          },
          {
            heading: t('exams.results.discrimination'),
            numeric: true,
            content: (question) =>
              question.discrimination === null ? t('exams.results.notEnough') : t('exams.results.index', { value: question.discrimination }),
            data: (question) => ({ 'data-testid': 'results-discrimination', 'data-value': question.discrimination ?? '' }),
          },
        ]}
        rows={results.questions}
        rowKey={(question) => question.questionId}
        rowTestId="results-question"
        rowData={(question) => ({ 'data-question-id': question.questionId })}
      />
    </div>
  )
}
