import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { accentLink } from '../../../src/ui/card-section.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { ReadNotReady } from '../components/read-not-ready.tsx'
import { useExamResultsList } from '../results/reads.ts'
import { ResultsLineList } from '../results/results-line-list.tsx'
import { examRoutes } from '../routes.ts'

/** How many of the latest exams the /results page shows; the rest are a click away on /exams/results. */
const shown = 5

/** Exams' section of the /results page (plugins/results/public.ts resultsSections): her latest exam results and the way to all of them. */
export default function ExamResultsSection() {
  const t = useT()
  const read = useExamResultsList()
  return (
    <section aria-labelledby="exam-results-section" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="exam-results-section">
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 id="exam-results-section" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('exams.results.sectionTitle')}
        </h2>
        <Link href={examRoutes.resultsList.link()} className={accentLink} data-testid="exam-results-all">
          {t('exams.results.all')}
        </Link>
      </div>
      <ReadNotReady read={read} errorTitle={t('exams.results.loadError')} />
      {read.status === 'ready' && read.data.latest.length === 0 ? (
        <EmptyState title={t('exams.results.latestEmptyTitle')} text={t('exams.results.latestEmptyText')} />
      ) : null}
      {read.status === 'ready' && read.data.latest.length > 0 ? (
        <ResultsLineList heading="h3" lines={read.data.latest.slice(0, shown)} label={t('exams.results.sectionTitle')} />
      ) : null}
    </section>
  )
}
