import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { MyExamList } from '../components/my-exam-list.tsx'
import { SwitchStudent } from '../take-exam/switch-student.tsx'
import { useMyExams } from '../take-exam/use-my-exams.ts'
import { examRoutes } from '../routes.ts'

/** `/exams/mine`: a student's exams, soonest first, each with its start (or continue) link while it can open. */
export default function MyExamsPage() {
  const t = useT()
  const list = useMyExams()
  return (
    <section
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '48rem', width: 'full', marginInline: 'auto' })}
      data-testid="my-exams-page"
    >
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{t('exams.mine.title')}</h1>
        <SwitchStudent />
      </div>
      {/* Her published results, on their own page (results/). */}
      <Link
        href={examRoutes.myResults.link()}
        className={css({
          color: 'accent.emphasis',
          fontWeight: 'semibold',
          textDecoration: 'underline',
          minHeight: '11',
          display: 'inline-flex',
          alignItems: 'center',
        })}
        data-testid="my-results-link"
      >
        {t('exams.myResults.link')}
      </Link>
      {list.status === 'loading' ? <LoadingBlock label={t('exams.mine.title')} /> : null}
      {list.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('exams.mine.loadError')}
          text={list.problem.message}
          action={<Button onClick={list.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {list.status === 'ready' && list.data.exams.length === 0 ? <EmptyState title={t('exams.mine.emptyTitle')} text={t('exams.mine.emptyText')} /> : null}
      {list.status === 'ready' && list.data.exams.length > 0 ? <MyExamList exams={list.data.exams} label={t('exams.mine.title')} /> : null}
    </section>
  )
}
