import { css } from 'styled-system/css'
import type { MyExamResult } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { ReadNotReady } from '../components/read-not-ready.tsx'
import { ExamsIcon } from '../nav-icon.tsx'
import { useMyExamResults } from '../results/reads.ts'
import { ResultsTable } from '../results/results-table.tsx'

/** One published exam of hers: her mark and her score on each question (the server sends her own, and only once published). */
function MyResultCard({ result }: { result: MyExamResult }) {
  const t = useT()
  const titleId = `my-result-${result.examId}`
  return (
    <li
      aria-labelledby={titleId}
      className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      data-testid="my-result"
      data-exam-id={result.examId}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id={titleId} className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
          <UserText text={result.title} />
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('exams.myResults.ended', { subject: result.subjectName, date: new Date(result.endsAt) })}
        </p>
        <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })} data-testid="my-result-mark" data-mark={result.finalMark ?? ''}>
          {result.finalMark === null ? t('exams.myResults.noMark') : t('exams.myResults.mark', { mark: result.finalMark, total: result.totalDegree })}
        </p>
      </div>
      {result.finalMark === null ? null : (
        <ResultsTable
          label={t('exams.myResults.questionsLabel', { title: result.title })}
          columns={[
            { heading: t('exams.results.question'), content: (question) => <UserText text={question.header} /> },
            {
              heading: t('exams.myResults.score'),
              numeric: true,
              content: (question) => t('exams.myResults.scoreValue', { score: question.score, degree: question.degree }),
              data: (question) => ({ 'data-score': question.score }),
            },
          ]}
          rows={result.questions}
          rowKey={(question) => question.questionId}
          rowTestId="my-result-question"
          rowData={(question) => ({ 'data-question-id': question.questionId })}
        />
      )}
    </li>
  )
}

/** /exams/mine/results: a student's own results of her published exams, latest first; nothing of an exam before its teacher publishes it. */
export default function MyExamResultsPage() {
  const t = useT()
  const read = useMyExamResults()
  return (
    <section
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '48rem', width: 'full', marginInline: 'auto' })}
      data-testid="my-results-page"
    >
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
        {t('exams.myResults.title')}
      </h1>
      <ReadNotReady read={read} errorTitle={t('exams.myResults.loadError')} />
      {read.status === 'ready' && read.data.length === 0 ? (
        <EmptyState icon={<ExamsIcon />} title={t('exams.myResults.emptyTitle')} text={t('exams.myResults.emptyText')} testId="my-results-empty" />
      ) : null}
      {read.status === 'ready' && read.data.length > 0 ? (
        <ul aria-label={t('exams.myResults.title')} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="my-results">
          {read.data.map((result) => (
            <MyResultCard key={result.examId} result={result} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
