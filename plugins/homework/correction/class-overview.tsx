import { css } from 'styled-system/css'
import { manuallyGradedTypes } from '../../../contracts/questions/type-codes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { typeLabels } from '../../../src/questions/type-labels.ts'
import type { Loadable } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { summaryOf } from '../../../workers/class-scores-packed.ts'
import type { ClassOverview } from './class-overview-data.ts'

const styles = {
  section: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  heading: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  muted: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  item: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    '&:not(:first-child)': { borderBlockStartWidth: '1px', borderColor: 'border.default', paddingBlockStart: '2' },
  }),
  title: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', fontSize: 'sm', color: 'fg.muted' }),
  number: css({ fontWeight: 'semibold', color: 'fg.default' }),
  header: css({ overflowWrap: 'anywhere', lineClamp: '2' }),
  figures: css({ display: 'flex', flexWrap: 'wrap', gap: '1', columnGap: '3', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' }),
  average: css({ fontWeight: 'semibold' }),
  // The bar only draws what the figures beside it say, so it is hidden from screen readers.
  bar: css({ display: 'flex', height: '2', borderRadius: 'full', overflow: 'hidden', bg: 'bg.subtle' }),
  correct: css({ bg: 'accent.default' }),
  partial: css({ bg: 'warning.default' }),
  incorrect: css({ bg: 'danger.default' }),
}

/**
 * How the class did on each question, from the scoring worker's pre-scores of the work there is to
 * correct: the average and how many got it right, partly right, or wrong. Questions marked by hand
 * only say so; the teacher's own marks are hers to give on each student's work.
 */
export function ClassOverviewPanel({ overview, onRetry }: { overview: Loadable<ClassOverview>; onRetry: () => void }) {
  const t = useT()
  return (
    <section aria-labelledby="class-overview-title" className={cardStyle({ padding: 'md' }) + ' ' + styles.section} data-testid="class-overview">
      <h2 id="class-overview-title" className={styles.heading}>
        {t('homework.overview.title')}
      </h2>
      {overview.status === 'loading' ? <LoadingBlock label={t('homework.overview.loading')} /> : null}
      {overview.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('homework.overview.loadError')}
          text={overview.problem.message}
          action={<Button onClick={onRetry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {overview.status === 'ready' && overview.data.scores === null ? (
        <p className={styles.muted} data-testid="class-overview-empty">
          {t('homework.overview.empty')}
        </p>
      ) : null}
      {overview.status === 'ready' && overview.data.scores !== null ? <QuestionFigures overview={overview.data} scores={overview.data.scores} /> : null}
    </section>
  )
}

function QuestionFigures({ overview, scores }: { overview: ClassOverview; scores: NonNullable<ClassOverview['scores']> }) {
  const t = useT()
  return (
    <>
      <p className={styles.muted}>{t('homework.overview.summary', { count: overview.students })}</p>
      <ol className={styles.list}>
        {overview.questions.map((question, index) => {
          const { counts, average } = summaryOf(scores, index)
          const manual = manuallyGradedTypes.has(question.type)
          return (
            <li key={question.id} className={styles.item} data-testid="class-overview-question" data-question-id={question.id}>
              <span className={styles.title}>
                <span className={styles.number}>{t('homework.overview.question', { number: index + 1 })}</span>
                <span>{t(typeLabels[question.type])}</span>
              </span>
              <span dir="auto" className={styles.header}>
                {question.header}
              </span>
              {manual ? (
                <span className={styles.muted}>{t('homework.overview.manual')}</span>
              ) : (
                <>
                  <span className={styles.figures}>
                    <span className={styles.average} data-testid="class-overview-average">
                      {t('homework.overview.average', { average, degree: question.degree })}
                    </span>
                    <span data-testid="class-overview-counts">
                      {t('homework.overview.counts', { correct: counts.correct, partial: counts.partial, incorrect: counts.incorrect })}
                    </span>
                  </span>
                  <span aria-hidden className={styles.bar}>
                    <span className={styles.correct} style={{ flexGrow: counts.correct }} />
                    <span className={styles.partial} style={{ flexGrow: counts.partial }} />
                    <span className={styles.incorrect} style={{ flexGrow: counts.incorrect }} />
                  </span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </>
  )
}
