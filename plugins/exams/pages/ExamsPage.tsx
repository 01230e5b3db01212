import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CorrectorExamSummary, ExamSummary } from '../contract/exam-views.ts'
import { callApi } from '../../../src/api/client.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { correctorStatusTone, examActions } from '../builder/exam-actions.ts'
import { examOfCommand, isExamSave } from '../builder/projection.ts'
import { RefusedSaves } from '../builder/refused-saves.tsx'
import { useExamBuilderView } from '../builder/use-command-answer.ts'
import { ApprovalActions } from '../components/approval-actions.tsx'
import { CorrectorResponse } from '../components/corrector-response.tsx'
import { ExamCard } from '../components/exam-card.tsx'
import { ExamsIcon } from '../nav-icon.tsx'
import { examRoutes } from '../routes.ts'

/** Assigned to students and not yet done: upcoming, open, or being corrected. */
const assignedStatuses: ReadonlySet<string> = new Set(['assigned', 'notViewed', 'inProgress', 'underCorrection'])

/** The lists read again each time the server answers one of this device's exam commands. */
const useAnswered = () => useExamBuilderView()?.answered ?? 0

function ListOf<A extends ExamSummary>({
  read,
  emptyTitle,
  emptyText,
  label,
  render,
}: {
  read: ReturnType<typeof useResource<ReadonlyArray<A>>>
  emptyTitle: string
  emptyText: string
  label: string
  render: (exam: A) => ReactNode
}) {
  const t = useT()
  const answered = useAnswered()
  const { refetch } = read
  useEffect(() => {
    if (answered > 0) refetch()
  }, [answered, refetch])
  if (read.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (read.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={t('exams.list.loadError')}
        text={read.problem.message}
        action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>}
        testId="exams-error"
      />
    )
  if (read.data.length === 0) return <EmptyState icon={<ExamsIcon />} title={emptyTitle} text={emptyText} testId="exams-empty" />
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="exams-list">
      {read.data.map(render)}
    </ul>
  )
}

/** A chip on an exam whose change waits on this device to be sent. */
function Waiting({ examId }: { examId: number }) {
  const t = useT()
  const view = useExamBuilderView()
  return view?.pending.some((command) => examOfCommand(command) === String(examId)) ? (
    <StatusChip tone="waiting" data-testid="exam-card-waiting">
      {t('exams.list.waitingToSend')}
    </StatusChip>
  ) : null
}

function EditLink({ exam }: { exam: ExamSummary }) {
  const t = useT()
  const edit = examActions({ status: exam.status, hasQuestions: true, sharesTotalHundred: true, anyPaperGraded: false, training: exam.training }).edit
  return (
    <Link
      href={examRoutes.edit.link({ id: String(exam.id) })}
      aria-describedby={`exam-${exam.id}-title`}
      className={buttonStyle({ size: 'sm', variant: edit ? 'solid' : 'outline' })}
      data-testid="exam-open"
    >
      {t(edit ? 'exams.list.edit' : 'exams.list.open')}
    </Link>
  )
}

/** Every card opens the exam's details page (its correctors, status and decisions). */
function DetailsLink({ exam }: { exam: ExamSummary }) {
  const t = useT()
  return (
    <Link
      href={examRoutes.details.link({ id: String(exam.id) })}
      aria-describedby={`exam-${exam.id}-title`}
      className={buttonStyle({ size: 'sm', variant: 'outline' })}
      data-testid="exam-details-link"
    >
      {t('exams.list.details')}
    </Link>
  )
}

const teacherExams = (tab: 'upcoming' | 'underCorrection' | 'previous') => () => callApi((c) => c.exams.teacherExams({ payload: { tab } }))

function MineTab({ assigned }: { assigned: boolean }) {
  const t = useT()
  const upcoming = useResource(['teacherExams', 'upcoming'], teacherExams('upcoming'), { freshOnMount: true })
  const corrected = useResource(assigned ? ['teacherExams', 'underCorrection'] : null, teacherExams('underCorrection'), { freshOnMount: true })
  const merged =
    upcoming.status !== 'ready' || (assigned && corrected.status !== 'ready')
      ? upcoming
      : {
          ...upcoming,
          data: [...upcoming.data, ...(assigned && corrected.status === 'ready' ? corrected.data : [])].filter(
            (exam) => assignedStatuses.has(exam.status) === assigned,
          ),
        }
  return (
    <ListOf
      read={merged}
      label={t(assigned ? 'exams.tabs.assigned' : 'exams.tabs.mine')}
      emptyTitle={t(assigned ? 'exams.empty.assignedTitle' : 'exams.empty.mineTitle')}
      emptyText={t(assigned ? 'exams.empty.assignedText' : 'exams.empty.mineText')}
      render={(exam) => (
        <ExamCard
          key={exam.id}
          exam={exam}
          chips={<Waiting examId={exam.id} />}
          actions={
            <>
              <DetailsLink exam={exam} />
              <EditLink exam={exam} />
            </>
          }
        />
      )}
    />
  )
}

function PreviousTab() {
  const t = useT()
  const read = useResource(['teacherExams', 'previous'], teacherExams('previous'), { freshOnMount: true })
  return (
    <ListOf
      read={read}
      label={t('exams.tabs.previous')}
      emptyTitle={t('exams.empty.previousTitle')}
      emptyText={t('exams.empty.previousText')}
      render={(exam) => (
        <ExamCard
          key={exam.id}
          exam={exam}
          actions={
            <>
              <DetailsLink exam={exam} />
              <EditLink exam={exam} />
            </>
          }
        />
      )}
    />
  )
}

function CorrectionTab() {
  const t = useT()
  const read = useResource(['correctorExams'], () => callApi((c) => c.exams.correctorExams({ payload: {} })), { freshOnMount: true })
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <Link
        href={examRoutes.sessions.link()}
        className={css({ color: 'accent.emphasis', textDecoration: 'underline', alignSelf: 'flex-start' })}
        data-testid="exams-to-sessions"
      >
        {t('exams.list.toSessions')}
      </Link>
      <ListOf<CorrectorExamSummary>
        read={read}
        label={t('exams.tabs.correction')}
        emptyTitle={t('exams.empty.correctionTitle')}
        emptyText={t('exams.empty.correctionText')}
        render={(exam) => (
          <ExamCard
            key={exam.id}
            exam={exam}
            showTeacher
            chips={
              <>
                <StatusChip tone={correctorStatusTone[exam.correctorStatus]} data-testid="exam-card-corrector-status">
                  {t('exams.correction.myStatus', { status: t(`exams.correctorStatus.${exam.correctorStatus}`), share: exam.percentage / 100 })}
                </StatusChip>
                <Waiting examId={exam.id} />
              </>
            }
            actions={
              <>
                <DetailsLink exam={exam} />
                <CorrectorResponse exam={exam} />
                <CorrectLink exam={exam} />
              </>
            }
          />
        )}
      />
    </div>
  )
}

/** Her way to grade an exam under correction she is approved for (the sessions page lists them all). */
function CorrectLink({ exam }: { exam: CorrectorExamSummary }) {
  const t = useT()
  if (exam.status !== 'underCorrection' || (exam.correctorStatus !== 'approved' && exam.correctorStatus !== 'inProgress')) return null
  return (
    <Link
      href={examRoutes.correct.link({ id: String(exam.id) })}
      aria-describedby={`exam-${exam.id}-title`}
      className={buttonStyle({ size: 'sm' })}
      data-testid="exam-correct"
    >
      {t('exams.list.openCorrection')}
    </Link>
  )
}

function ApprovalTab() {
  const t = useT()
  const read = useResource(['teacherAssignedExams'], () => callApi((c) => c.exams.teacherAssignedExams({ payload: {} })), { freshOnMount: true })
  return (
    <ListOf
      read={read}
      label={t('exams.tabs.approval')}
      emptyTitle={t('exams.empty.approvalTitle')}
      emptyText={t('exams.empty.approvalText')}
      render={(exam) => (
        <ExamCard
          key={exam.id}
          exam={exam}
          showTeacher
          chips={<Waiting examId={exam.id} />}
          actions={
            <>
              <DetailsLink exam={exam} />
              <ApprovalActions exam={exam} />
            </>
          }
        />
      )}
    />
  )
}

/** The newest refusal of one of this device's exam commands: what was not done, and why (a refused save is RefusedSaves', which reopens it). */
function LastRefusal() {
  const t = useT()
  const refusal = useExamBuilderView()?.lastRefusal ?? null
  if (refusal?.kind !== 'refused' || isExamSave(refusal.command)) return null
  const title = (refusal.command.payload as { readonly title?: string }).title ?? ''
  return (
    <Banner tone="danger" testId="exams-refused">
      {t('exams.list.refused', { title, message: refusal.message })}
    </Banner>
  )
}

/** /exams: the teacher's exams by tab, the ones she corrects, and for a supervising corrector those waiting for her approval. */
export default function ExamsPage() {
  const t = useT()
  const { roles } = useSession()
  const supervises = holdsAllRoles(roles, ['SuperCorrector'])
  const tabs = [
    ...(supervises ? [{ value: 'approval', label: t('exams.tabs.approval'), content: <ApprovalTab />, testId: 'exams-tab-approval' }] : []),
    { value: 'mine', label: t('exams.tabs.mine'), content: <MineTab assigned={false} />, testId: 'exams-tab-mine' },
    { value: 'assigned', label: t('exams.tabs.assigned'), content: <MineTab assigned />, testId: 'exams-tab-assigned' },
    { value: 'correction', label: t('exams.tabs.correction'), content: <CorrectionTab />, testId: 'exams-tab-correction' },
    { value: 'previous', label: t('exams.tabs.previous'), content: <PreviousTab />, testId: 'exams-tab-previous' },
  ]
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="exams-page">
      <header className={css({ display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
            {t('exams.list.title')}
          </h1>
          <p className={css({ color: 'fg.muted' })}>{t('exams.list.intro')}</p>
        </div>
        <Link href={examRoutes.create.link()} className={buttonStyle({})} data-testid="exams-new">
          {t('exams.list.new')}
        </Link>
      </header>
      <RefusedSaves />
      <LastRefusal />
      <Tabs items={tabs} label={t('exams.list.tabsLabel')} unmountOnExit />
    </div>
  )
}
