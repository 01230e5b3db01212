import { css, cx } from 'styled-system/css'
import type { ExamResults } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { cell, headCell, numberCell, table, tableBox } from './table-style.ts'

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
      <div className={tableBox} tabIndex={0}>
        <table className={table} aria-label={t('exams.results.questions')} data-testid="results-questions">
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                {t('exams.results.question')}
              </th>
              <th scope="col" className={cx(headCell, numberCell)}>
                {t('exams.results.degree')}
              </th>
              <th scope="col" className={cx(headCell, numberCell)}>
                {t('exams.results.facility')}
              </th>
              <th scope="col" className={cx(headCell, numberCell)}>
                {t('exams.results.discrimination')}
              </th>
            </tr>
          </thead>
          <tbody>
            {results.questions.map((question) => (
              <tr key={question.questionId} data-testid="results-question" data-question-id={question.questionId}>
                <th scope="row" className={cx(cell, css({ fontWeight: 'normal', minWidth: '12rem' }))}>
                  <UserText text={question.header} />
                </th>
                <td className={cx(cell, numberCell)}>{t('exams.results.number', { value: question.degree })}</td>
                <td className={cx(cell, numberCell)} data-testid="results-facility" data-value={question.facility ?? ''}>
                  {question.facility === null ? t('exams.results.notEnough') : t('exams.results.percent', { value: question.facility })}
                </td>
                <td className={cx(cell, numberCell)} data-testid="results-discrimination" data-value={question.discrimination ?? ''}>
                  {question.discrimination === null ? t('exams.results.notEnough') : t('exams.results.index', { value: question.discrimination })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
