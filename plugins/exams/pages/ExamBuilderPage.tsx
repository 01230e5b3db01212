import { useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import type { FixedExamCreate } from '../contract/exam.ts'
import type { FixedExamDetails } from '../contract/exam-views.ts'
import { totalPercentage } from '../contract/exam-rules.ts'
import { holdsShare } from '../../../machines/exam-corrector.machine.ts'
import { callApi } from '../../../src/api/client.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { leaveWithoutAsking } from '../../../src/plugin-host/navigation-guard.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { accountIdOf } from '../../../src/session/storage.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { loadBuilderOptions } from '../builder/builder-options.ts'
import { createExam, updateExam } from '../builder/commands.ts'
import { examActions, examStatusTone } from '../builder/exam-actions.ts'
import { ExamActionsPanel } from '../builder/exam-actions-panel.tsx'
import { ExamForm, type SaveRefusal } from '../builder/exam-form.tsx'
import { formField } from '../builder/form-values.ts'
import { useReopenedSave } from '../builder/reopen.ts'
import { useCommandAnswer, useOnAnswer } from '../builder/use-command-answer.ts'
import { examRoutes } from '../routes.ts'

const factsOf = (exam: FixedExamDetails) => ({
  status: exam.status,
  hasQuestions: exam.questions.length > 0,
  sharesTotalHundred: totalPercentage(exam.correctors.filter((corrector) => holdsShare(corrector.status))) === 100,
  anyPaperGraded: exam.anyPaperGraded,
  training: exam.training,
})

/** The server's field names (request paths) as the form's. */
const onFormFields = (fields: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(fields).map(([field, text]) => [formField(field), text]))

/** /exams/create and /exams/edit/:id: the exam builder and the exam's own steps. */
export default function ExamBuilderPage({ params }: PageProps) {
  const t = useT()
  const store = useEventStore()
  const [, navigate] = useLocation()
  const { session } = useSession()
  const examId = params.id === undefined ? null : Number(params.id)
  const self = { id: accountIdOf(session?.accessToken ?? null) ?? '', name: session?.name ?? '' }
  const options = useResource(['examBuilderOptions'], loadBuilderOptions, { freshOnMount: true })
  const exam = useResource(
    examId === null ? null : ['examForEdit', examId],
    () => callApi((c) => c.examBuilder.fixedExamForEdit({ query: { ExamID: examId! } })),
    {
      freshOnMount: true,
    },
  )
  const [saveId, setSaveId] = useState<string | null>(null)
  const save = useCommandAnswer(saveId)
  // Offline, a save waits on the device and she may go on editing and save again (the next one is rebased on it).
  const online = useStoreSnapshot().sync.online
  // ?reopen=<command id>: a refused (or set aside) save of this exam, reopened with her values and the server's word.
  const reopened = useReopenedSave(new URLSearchParams(useSearch()).get('reopen'), examId)
  const refusal: SaveRefusal | null =
    save.answer?.kind === 'refused'
      ? { id: save.answer.command.id, code: save.answer.code, message: save.answer.message, fields: onFormFields(save.answer.fields) }
      : saveId === null && reopened !== null
        ? { id: reopened.id, code: reopened.code, message: reopened.message, fields: onFormFields(reopened.fields) }
        : null
  const toList = () => navigate(examRoutes.list.link())
  useOnAnswer(saveId, (answer) => {
    if (answer.kind !== 'confirmed') return
    notify.success(t('exams.form.saved'))
    const saved = answer.result as FixedExamDetails
    if (examId === null) navigate(examRoutes.edit.link({ id: String(saved.id) }), { replace: true })
    else exam.refetch()
  })
  const onSave = (request: FixedExamCreate) => {
    // Saved again from a set-aside command: that one is dropped, this one is sent instead.
    if (reopened?.setAside && saveId === null) store.discardCommand(reopened.id)
    if (examId === null) setSaveId(store.dispatch(createExam, request))
    else if (exam.status === 'ready') setSaveId(store.dispatch(updateExam, { examId, version: exam.data.version, ...request }))
  }
  const loadError = options.status === 'error' ? options : exam.status === 'error' ? exam : null
  if (loadError !== null)
    return (
      <EmptyState
        tone="danger"
        title={t('exams.form.loadError')}
        text={loadError.status === 'error' ? loadError.problem.message : undefined}
        action={<Button onClick={loadError.retry}>{t('shell.common.retry')}</Button>}
        testId="exam-load-error"
      />
    )
  if (options.status !== 'ready' || (examId !== null && exam.status !== 'ready')) return <LoadingBlock label={t('shell.common.loading')} />
  const editing = exam.status === 'ready' ? exam.data : null
  const actions = editing ? examActions(factsOf(editing)) : null
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })} data-testid="exam-builder">
      {editing ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <StatusChip tone={examStatusTone[editing.status]} data-testid="exam-status">
            {t(`exams.status.${editing.status}`)}
          </StatusChip>
          {editing.training ? <StatusChip tone="neutral">{t('exams.list.training')}</StatusChip> : null}
        </div>
      ) : null}
      {editing?.statusReason && (editing.status === 'requiredEdit' || editing.status === 'rejected') ? (
        <Banner tone={editing.status === 'rejected' ? 'danger' : 'warning'} testId="exam-status-reason">
          {t(editing.status === 'rejected' ? 'exams.form.rejectedReason' : 'exams.form.requiredEditReason')} <UserText text={editing.statusReason} />
        </Banner>
      ) : null}
      {save.waiting ? (
        <Banner tone="info" testId="exam-save-waiting">
          {t('exams.form.waiting')}
        </Banner>
      ) : null}
      <ExamForm
        options={options.data}
        editing={editing}
        actions={actions}
        selfId={self.id}
        refusal={refusal}
        reopened={reopened}
        saving={save.waiting && online}
        onSave={onSave}
        onCancel={toList}
      >
        {(dirty) =>
          editing && actions ? (
            <ExamActionsPanel exam={editing} actions={actions} dirty={dirty} onChanged={exam.refetch} onDeleted={() => leaveWithoutAsking(toList)} />
          ) : null
        }
      </ExamForm>
    </div>
  )
}
