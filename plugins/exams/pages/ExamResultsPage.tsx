import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { accentLink } from '../../../src/ui/card-section.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { examStatusTone } from '../builder/exam-actions.ts'
import { ReadNotReady } from '../components/read-not-ready.tsx'
import { ClassRoomResults } from '../results/class-room-results.tsx'
import { QuestionStatistics } from '../results/question-statistics.tsx'
import { useExamResults } from '../results/reads.ts'
import { ResultsActions } from '../results/results-actions.tsx'
import { StudentResults } from '../results/student-results.tsx'
import { examRoutes } from '../routes.ts'

/** /exams/results/:id: one exam's results by class room, by student and by question, with publishing and the CSV file. */
export default function ExamResultsPage({ params }: PageProps) {
  const t = useT()
  const examId = Number(params.id)
  const read = useExamResults(examId)
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' })} data-testid="exam-results-page">
      <Link href={examRoutes.resultsList.link()} className={accentLink}>
        {t('exams.results.back')}
      </Link>
      <ReadNotReady read={read} errorTitle={t('exams.results.loadError')} errorTestId="exam-results-error" />
      {read.status === 'ready' ? (
        <>
          <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <div>
              <StatusChip tone={examStatusTone[read.data.status]} data-testid="exam-results-status" data-status={read.data.status}>
                {t(`exams.status.${read.data.status}`)}
              </StatusChip>
            </div>
            <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })} tabIndex={-1}>
              <UserText text={read.data.title} />
            </h1>
            <p className={css({ color: 'fg.muted' })}>{t('exams.results.outOf', { total: read.data.totalDegree })}</p>
          </header>
          <ResultsActions results={read.data} onChanged={read.refetch} />
          <Tabs
            label={t('exams.results.viewsLabel')}
            items={[
              { value: 'rooms', label: t('exams.results.byClassRoom'), content: <ClassRoomResults results={read.data} />, testId: 'results-tab-rooms' },
              { value: 'students', label: t('exams.results.byStudent'), content: <StudentResults results={read.data} />, testId: 'results-tab-students' },
              { value: 'questions', label: t('exams.results.questions'), content: <QuestionStatistics results={read.data} />, testId: 'results-tab-questions' },
            ]}
          />
        </>
      ) : null}
    </div>
  )
}
