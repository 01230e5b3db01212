import { useState } from 'react'
import { css } from 'styled-system/css'
import type { FixedExamDetails } from '../contract/exam-views.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { assignExam, decideApproval, deleteExam, switchToTraining } from './commands.ts'
import type { ExamActions } from './exam-actions.ts'
import { useCommandAnswer, useOnAnswer } from './use-command-answer.ts'

type Asking = 'delete' | 'training' | 'assign' | null

/**
 * The exam's own steps, as its machine allows them in its status: send for approval, assign to its
 * students once approved, switch to training mode, delete. Each goes through the outbox; the ones
 * that cannot be undone ask first. Offered only while the form holds no unsaved change.
 */
export function ExamActionsPanel({
  exam,
  actions,
  dirty,
  onChanged,
  onDeleted,
}: {
  exam: FixedExamDetails
  actions: ExamActions
  dirty: boolean
  onChanged: () => void
  onDeleted: () => void
}) {
  const t = useT()
  const store = useEventStore()
  const [asking, setAsking] = useState<Asking>(null)
  const [commandId, setCommandId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  const { waiting, answer } = useCommandAnswer(commandId)
  useOnAnswer(commandId, (answered) => {
    if (answered.kind === 'confirmed' && deleting) onDeleted()
    else if (answered.kind === 'confirmed') onChanged()
  })
  const ref = { examId: exam.id, title: exam.title }
  const run = (what: Exclude<Asking, null> | 'submit') => {
    setAsking(null)
    setDeleting(what === 'delete')
    if (what === 'submit') setCommandId(store.dispatch(decideApproval, { ...ref, decision: 'submit', reason: null }))
    else if (what === 'assign') setCommandId(store.dispatch(assignExam, ref))
    else if (what === 'training') setCommandId(store.dispatch(switchToTraining, ref))
    else setCommandId(store.dispatch(deleteExam, ref))
  }
  const any = actions.submit || actions.assign || actions.training || actions.delete
  if (!any) return null
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('exams.actions.title')}</h2>
      {dirty ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.actions.saveFirst')}</p> : null}
      {waiting ? (
        <Banner tone="info" testId="exam-action-waiting">
          {t('exams.actions.waiting')}
        </Banner>
      ) : null}
      {answer?.kind === 'refused' ? (
        <Banner tone="danger" testId="exam-action-refused">
          {t('exams.actions.refused', { message: answer.message })}
        </Banner>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        {actions.submit ? (
          <Button disabled={dirty || waiting} onClick={() => run('submit')} data-testid="exam-submit">
            {t('exams.actions.submit')}
          </Button>
        ) : null}
        {actions.assign ? (
          <Button disabled={dirty || waiting} onClick={() => setAsking('assign')} data-testid="exam-assign">
            {t('exams.actions.assign')}
          </Button>
        ) : null}
        {actions.training ? (
          <Button variant="outline" disabled={dirty || waiting} onClick={() => setAsking('training')} data-testid="exam-training-switch">
            {t('exams.actions.training')}
          </Button>
        ) : null}
        {actions.delete ? (
          <Button variant="danger" disabled={waiting} onClick={() => setAsking('delete')} data-testid="exam-delete">
            {t('exams.actions.delete')}
          </Button>
        ) : null}
      </div>
      {asking !== null ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t(`exams.confirm.${asking}.title`, { title: exam.title })}
          description={t(`exams.confirm.${asking}.text`)}
          confirmLabel={t(`exams.confirm.${asking}.confirm`)}
          cancelLabel={t('exams.common.cancel')}
          closeLabel={t('exams.common.close')}
          danger={asking === 'delete'}
          confirmTestId="exam-confirm"
          onConfirm={() => run(asking)}
        />
      ) : null}
    </Card>
  )
}
