import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CorrectorExamSummary, ExamSummary } from '../contract/exam-views.ts'
import { CorrectionDifferences } from '../components/correction-differences.tsx'
import { CorrectionExamCard } from '../components/correction-exam-card.tsx'
import { ExamsIcon } from '../nav-icon.tsx'
import { examRoutes } from '../routes.ts'
import { callApi } from '../../../src/api/client.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useResource, type Loadable } from '../../../src/resources/resource.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'

/**
 * The exams she corrects that have papers to grade, or will once they close: her corrector status
 * is approved (not started) or in progress, and the exam is being sat or under correction. A
 * corrector still to accept, or one the supervisor has not approved, has nothing to grade here.
 */
const toCorrect = (exam: CorrectorExamSummary): boolean =>
  (exam.correctorStatus === 'approved' || exam.correctorStatus === 'inProgress') && (exam.status === 'inProgress' || exam.status === 'underCorrection')

function Listed<A>({ read, children, error }: { read: Loadable<A> & { retry: () => void }; error: string; children: (data: A) => React.ReactNode }) {
  const t = useT()
  if (read.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (read.status === 'error')
    return <EmptyState tone="danger" title={error} text={read.problem.message} action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>} />
  return <>{children(read.data)}</>
}

const sectionStyle = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const headingStyle = css({ fontSize: 'xl', fontWeight: 'semibold' })

/** Double-marking exams of her school under correction, whose flagged differences the supervising corrector settles. */
function DifferencesSection() {
  const t = useT()
  const read = useResource(
    ['teacherAssignedExams', 'underCorrection'],
    () => callApi((c) => c.exams.teacherAssignedExams({ payload: { status: 'underCorrection' } })),
    {
      freshOnMount: true,
    },
  )
  return (
    <section aria-labelledby="differences-heading" className={sectionStyle} data-testid="sessions-differences">
      <h2 id="differences-heading" className={headingStyle}>
        {t('exams.differences.title')}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{t('exams.differences.intro')}</p>
      <Listed read={read} error={t('exams.list.loadError')}>
        {(exams: ReadonlyArray<ExamSummary>) => {
          const double = exams.filter((exam) => exam.correctorsMode === 'double')
          return double.length === 0 ? (
            <EmptyState
              icon={<ExamsIcon />}
              title={t('exams.differences.emptyTitle')}
              text={t('exams.differences.emptyText')}
              testId="sessions-differences-empty"
            />
          ) : (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
              {double.map((exam) => (
                <CorrectionDifferences key={exam.id} exam={exam} />
              ))}
            </div>
          )
        }}
      </Listed>
    </section>
  )
}

/** `/exams/sessions`: the exams she corrects with her papers graded of her total; for a supervising corrector, the differences to settle. */
export default function ExamSessionsPage() {
  const t = useT()
  const { roles } = useSession()
  const supervises = holdsAllRoles(roles, ['SuperCorrector'])
  const read = useResource(['correctorExams'], () => callApi((c) => c.exams.correctorExams({ payload: {} })), { freshOnMount: true })
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8', minWidth: '0' })} data-testid="exam-sessions-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Link href={examRoutes.list.link()} className={css({ color: 'accent.emphasis', fontSize: 'sm', textDecoration: 'underline', alignSelf: 'flex-start' })}>
          {t('exams.sessions.backToExams')}
        </Link>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('exams.sessions.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('exams.sessions.intro')}</p>
      </header>
      <section aria-labelledby="sessions-heading" className={sectionStyle}>
        <h2 id="sessions-heading" className={headingStyle}>
          {t('exams.sessions.toCorrect')}
        </h2>
        <Listed read={read} error={t('exams.list.loadError')}>
          {(exams: ReadonlyArray<CorrectorExamSummary>) => {
            const mine = exams.filter(toCorrect)
            return mine.length === 0 ? (
              <EmptyState icon={<ExamsIcon />} title={t('exams.sessions.emptyTitle')} text={t('exams.sessions.emptyText')} testId="sessions-empty" />
            ) : (
              <ul aria-labelledby="sessions-heading" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="sessions-list">
                {mine.map((exam) => (
                  <CorrectionExamCard key={exam.id} exam={exam} />
                ))}
              </ul>
            )
          }}
        </Listed>
      </section>
      {supervises ? <DifferencesSection /> : null}
    </div>
  )
}
