import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { accentLink } from '../../../src/ui/card-section.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { MyExamList } from '../components/my-exam-list.tsx'
import { ReadNotReady } from '../components/read-not-ready.tsx'
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
      <Link href={examRoutes.myResults.link()} className={accentLink} data-testid="my-results-link">
        {t('exams.myResults.link')}
      </Link>
      <ReadNotReady read={list} errorTitle={t('exams.mine.loadError')} loadingLabel={t('exams.mine.title')} />
      {list.status === 'ready' && list.data.exams.length === 0 ? <EmptyState title={t('exams.mine.emptyTitle')} text={t('exams.mine.emptyText')} /> : null}
      {list.status === 'ready' && list.data.exams.length > 0 ? <MyExamList exams={list.data.exams} label={t('exams.mine.title')} /> : null}
    </section>
  )
}
