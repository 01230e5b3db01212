import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { ExamInfo } from '../contract/exam-views.ts'
import { totalPercentage } from '../contract/exam-rules.ts'
import { holdsShare } from '../../../machines/exam-corrector.machine.ts'
import { callApi } from '../../../src/api/client.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { accountIdOf } from '../../../src/session/storage.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { examActions, examStatusTone } from '../builder/exam-actions.ts'
import { useExamBuilderView } from '../builder/use-command-answer.ts'
import { ApprovalActions } from '../components/approval-actions.tsx'
import { examRoutes } from '../routes.ts'
import { CorrectorsPanel } from '../supervision/correctors-panel.tsx'

const factsOf = (exam: ExamInfo) => ({
  status: exam.status,
  hasQuestions: exam.questions.length > 0,
  sharesTotalHundred: totalPercentage(exam.correctors.filter((corrector) => holdsShare(corrector.status))) === 100,
  anyPaperGraded: exam.anyPaperGraded,
  training: exam.training,
})

const fact = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' })
const factTerm = css({ fontSize: 'sm', color: 'fg.muted' })
const factValue = css({ fontWeight: 'medium', overflowWrap: 'anywhere' })

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={fact}>
      <dt className={factTerm}>{term}</dt>
      <dd className={factValue}>{children}</dd>
    </div>
  )
}

/**
 * /exams/details/:id (Fasl's page; the spec has none): one exam for its author, its correctors and
 * the school's supervising correctors — its facts, whom it is for, its correctors with their status
 * and share, its status with the decisions its machine allows the supervisor, and "modify correctors"
 * for the supervisor or the author. Read with Exams/GetTeacherExamInfo (and GetExamCorrectorsForEdit
 * for whoever may change the correctors); read again whenever one of this device's exam commands is
 * answered. The author's own steps (submit, assign, delete…) stay in the builder, linked from here.
 */
export default function ExamDetailsPage({ params }: PageProps) {
  const t = useT()
  const { intl } = useI18n()
  const { session, roles } = useSession()
  const examId = Number(params.id)
  const selfId = accountIdOf(session?.accessToken ?? null) ?? ''
  const supervises = holdsAllRoles(roles, ['SuperCorrector'])
  const read = useResource(['examInfo', examId], () => callApi((c) => c.exams.teacherExamInfo({ query: { ExamID: examId } })), { freshOnMount: true })
  const exam = read.status === 'ready' ? read.data : null
  const author = exam !== null && exam.teacherId.toLowerCase() === selfId.toLowerCase()
  const forEdit = useResource(
    exam !== null && (author || supervises) ? ['examCorrectorsForEdit', examId] : null,
    () => callApi((c) => c.examBuilder.examCorrectorsForEdit({ query: { ExamID: examId } })),
    { freshOnMount: true },
  )
  const answered = useExamBuilderView()?.answered ?? 0
  const { refetch } = read
  const refetchForEdit = forEdit.refetch
  useEffect(() => {
    if (answered === 0) return
    refetch()
    refetchForEdit()
  }, [answered, refetch, refetchForEdit])
  useEffect(() => {
    if (exam !== null) document.getElementById('exam-details-title')?.focus()
  }, [exam !== null]) // eslint-disable-line react-hooks/exhaustive-deps
  if (read.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={t('exams.details.loadError')}
        text={read.problem.message}
        action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>}
        testId="exam-details-error"
      />
    )
  if (exam === null) return <LoadingBlock label={t('shell.common.loading')} />
  const actions = examActions(factsOf(exam))
  const names = (list: ReadonlyArray<string>) => intl.formatList(list.map(isolate))
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' })} data-testid="exam-details" data-exam-id={exam.id}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Link href={examRoutes.list.link()} className={css({ color: 'accent.text', fontSize: 'sm', textDecoration: 'underline', alignSelf: 'flex-start' })}>
          {t('exams.details.back')}
        </Link>
        <h1 id="exam-details-title" tabIndex={-1} className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>
          <UserText text={exam.title} />
        </h1>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <StatusChip tone={examStatusTone[exam.status]} data-testid="exam-details-status">
            {t(`exams.status.${exam.status}`)}
          </StatusChip>
          <StatusChip tone="neutral">{t(`exams.type.${exam.examType}`)}</StatusChip>
          {exam.training ? <StatusChip tone="neutral">{t('exams.list.training')}</StatusChip> : null}
        </div>
      </header>
      {exam.statusReason && (exam.status === 'requiredEdit' || exam.status === 'rejected') ? (
        <Banner tone={exam.status === 'rejected' ? 'danger' : 'warning'} testId="exam-details-reason">
          {t(exam.status === 'rejected' ? 'exams.form.rejectedReason' : 'exams.form.requiredEditReason')} <UserText text={exam.statusReason} />
        </Banner>
      ) : null}
      {supervises && (actions.approve || actions.requireEdit || actions.reject) ? (
        <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} role="region" aria-labelledby="exam-details-decision">
          <h2 id="exam-details-decision" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {t('exams.details.decision')}
          </h2>
          <div id={`exam-${exam.id}-title`} className={css({ srOnly: true })}>
            {exam.title}
          </div>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <ApprovalActions exam={exam} />
          </div>
        </Card>
      ) : null}
      {author ? (
        <div>
          <Link
            href={examRoutes.edit.link({ id: String(exam.id) })}
            className={buttonStyle({ variant: 'outline', size: 'sm' })}
            data-testid="exam-details-edit"
          >
            {t(actions.edit ? 'exams.details.edit' : 'exams.details.openBuilder')}
          </Link>
        </div>
      ) : null}
      <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} role="region" aria-labelledby="exam-details-facts">
        <h2 id="exam-details-facts" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('exams.details.facts')}
        </h2>
        <dl
          className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: '4' })}
          data-testid="exam-details-facts"
        >
          <Fact term={t('exams.list.teacher')}>
            <bdi>{exam.teacherName}</bdi>
          </Fact>
          <Fact term={t('exams.list.subject')}>
            <bdi>{exam.subjectName}</bdi>
          </Fact>
          <Fact term={t('exams.list.grade')}>
            <bdi>{exam.stageName}</bdi>
          </Fact>
          <Fact term={t('exams.form.timing')}>{t(`exams.timing.${exam.timing}`)}</Fact>
          <Fact term={t('exams.details.window')}>{t('exams.details.windowValue', { start: new Date(exam.startsAt), end: new Date(exam.endsAt) })}</Fact>
          <Fact term={t('exams.form.duration')}>{t('exams.details.minutes', { minutes: exam.durationMinutes })}</Fact>
          <Fact term={t('exams.form.questionCount')}>{intl.formatNumber(exam.questionCount)}</Fact>
          <Fact term={t('exams.form.totalDegree')}>{intl.formatNumber(exam.totalDegree)}</Fact>
          <Fact term={t('exams.form.questionOrder')}>{t(`exams.questionOrder.${exam.questionOrder}`)}</Fact>
          {exam.correctorsMode === 'double' && exam.markDifferenceThreshold !== null ? (
            <Fact term={t('exams.form.threshold')}>{intl.formatNumber(exam.markDifferenceThreshold)}</Fact>
          ) : null}
        </dl>
      </Card>
      <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} role="region" aria-labelledby="exam-details-target">
        <h2 id="exam-details-target" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('exams.details.target')}
        </h2>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="exam-details-target">
          <dl className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <Fact term={t('exams.list.classRooms')}>{exam.classRoomNames.length > 0 ? names(exam.classRoomNames) : t('exams.details.none')}</Fact>
            {exam.target.kind === 'students' ? (
              <Fact term={t('exams.details.students', { count: exam.studentNames.length })}>
                {exam.studentNames.length > 0 ? names(exam.studentNames) : t('exams.details.none')}
              </Fact>
            ) : null}
          </dl>
          {exam.target.kind === 'classes' ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.details.wholeClassRooms')}</p> : null}
        </div>
      </Card>
      <CorrectorsPanel
        exam={exam}
        forEdit={forEdit.status === 'ready' ? forEdit.data : null}
        selfId={selfId}
        supervises={supervises}
        mayModify={(author || supervises) && actions.convertMode}
      />
    </div>
  )
}
