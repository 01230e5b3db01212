import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { ExamResultsList } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { ReadNotReady } from '../components/read-not-ready.tsx'
import { ExamsIcon } from '../nav-icon.tsx'
import { useExamResultsList } from '../results/reads.ts'
import { ResultsLineList } from '../results/results-line-list.tsx'

/** /exams/results: the spec's "Exams: results (latest, archive)", her exams whose time is over, in two tabs. */
export default function ExamResultsListPage() {
  const t = useT()
  const read = useExamResultsList()
  const tab = (which: keyof ExamResultsList): ReactNode => {
    if (read.status !== 'ready') return <ReadNotReady read={read} errorTitle={t('exams.results.loadError')} />
    const lines = read.data[which]
    if (lines.length === 0)
      return (
        <EmptyState icon={<ExamsIcon />} title={t(`exams.results.${which}EmptyTitle`)} text={t(`exams.results.${which}EmptyText`)} testId="results-empty" />
      )
    return <ResultsLineList heading="h2" lines={lines} label={t(`exams.results.${which}`)} />
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="exam-results-list-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('exams.results.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('exams.results.intro')}</p>
      </header>
      <Tabs
        label={t('exams.results.tabsLabel')}
        items={[
          { value: 'latest', label: t('exams.results.latest'), content: tab('latest'), testId: 'results-tab-latest' },
          { value: 'archive', label: t('exams.results.archive'), content: tab('archive'), testId: 'results-tab-archive' },
        ]}
      />
    </div>
  )
}
