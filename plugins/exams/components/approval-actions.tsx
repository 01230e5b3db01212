import { useState } from 'react'
import { css } from 'styled-system/css'
import { examLimits } from '../contract/exam.ts'
import { checkApproval } from '../contract/exam-rules.ts'
import type { ExamSummary } from '../contract/exam-views.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { decideApproval } from '../builder/commands.ts'
import { examActions } from '../builder/exam-actions.ts'

type Deciding = { readonly decision: 'requireEdit' | 'reject'; readonly step: 'reason' | 'confirm' }

/**
 * The supervising corrector's decision on an exam waiting for approval, as the exam's machine allows
 * it: approve at once; require an edit with a reason; reject with a reason and a confirmation (a
 * rejection is final). Sent through the outbox.
 */
export function ApprovalActions({ exam }: { exam: Pick<ExamSummary, 'id' | 'title' | 'status' | 'training'> }) {
  const t = useT()
  const { locale } = useI18n()
  const store = useEventStore()
  const [deciding, setDeciding] = useState<Deciding | null>(null)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  // The list knows only the status: what else the machine weighs does not bear on these decisions.
  const actions = examActions({ status: exam.status, hasQuestions: true, sharesTotalHundred: true, anyPaperGraded: false, training: exam.training })
  const issues = deciding === null ? [] : checkApproval(deciding.decision, reason)
  const reasonError = tried ? issuesToFields(issues, locale).reason : undefined
  const send = (decision: 'approve' | 'requireEdit' | 'reject', why: string | null) => {
    store.dispatch(decideApproval, { examId: exam.id, title: exam.title, decision, reason: why })
    setDeciding(null)
    setReason('')
    setTried(false)
  }
  const open = (decision: Deciding['decision']) => {
    setTried(false)
    setDeciding({ decision, step: 'reason' })
  }
  const next = async () => {
    // The rule's words are loaded before the first check shows them (as src/forms/use-form.ts does).
    await loadIssueMessages()
    setTried(true)
    if (deciding === null || issues.length > 0) return
    if (deciding.decision === 'reject' && deciding.step === 'reason') setDeciding({ ...deciding, step: 'confirm' })
    else send(deciding.decision, reason.trim())
  }
  const label = { describedBy: `exam-${exam.id}-title` }
  return (
    <>
      {actions.approve ? (
        <Button size="sm" onClick={() => send('approve', null)} aria-describedby={label.describedBy} data-testid="exam-approve">
          {t('exams.approval.approve')}
        </Button>
      ) : null}
      {actions.requireEdit ? (
        <Button size="sm" variant="outline" onClick={() => open('requireEdit')} aria-describedby={label.describedBy} data-testid="exam-require-edit">
          {t('exams.approval.requireEdit')}
        </Button>
      ) : null}
      {actions.reject ? (
        <Button size="sm" variant="danger" onClick={() => open('reject')} aria-describedby={label.describedBy} data-testid="exam-reject">
          {t('exams.approval.reject')}
        </Button>
      ) : null}
      {deciding !== null ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setDeciding(null)}
          role={deciding.step === 'confirm' ? 'alertdialog' : 'dialog'}
          title={t(deciding.step === 'confirm' ? 'exams.approval.rejectConfirmTitle' : `exams.approval.${deciding.decision}Title`, { title: exam.title })}
          description={t(deciding.step === 'confirm' ? 'exams.approval.rejectConfirmText' : 'exams.approval.reasonText')}
          closeLabel={t('exams.common.close')}
          testId="exam-decision-dialog"
          footer={
            <>
              <Button variant="outline" onClick={() => setDeciding(null)}>
                {t('exams.common.cancel')}
              </Button>
              <Button variant={deciding.decision === 'reject' ? 'danger' : 'solid'} onClick={() => void next()} data-testid="exam-decision-send">
                {t(deciding.step === 'confirm' ? 'exams.approval.rejectConfirm' : `exams.approval.${deciding.decision}Send`)}
              </Button>
            </>
          }
        >
          {deciding.step === 'reason' ? (
            <TextArea
              id={`exam-${exam.id}-reason`}
              label={t('exams.approval.reason')}
              value={reason}
              onValueChange={setReason}
              error={reasonError}
              helper={t('exams.approval.reasonHelp', { max: examLimits.reason.max })}
              rows={4}
              testId="exam-reason"
            />
          ) : (
            <p className={css({ fontSize: 'sm' })}>
              <q dir="auto">{reason.trim()}</q>
            </p>
          )}
        </Dialog>
      ) : null}
    </>
  )
}
