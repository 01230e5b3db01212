import { useState } from 'react'
import { examLimits } from '../contract/exam.ts'
import { checkApproval } from '../contract/exam-rules.ts'
import type { ExamCorrector } from '../contract/exam-views.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { decideCorrector } from '../builder/commands.ts'
import { supervisorMayDecide } from './corrector-rules.ts'

/**
 * The supervising corrector's decision on one corrector who accepted, as her machine allows it:
 * approve at once, or send her back with a reason (her share or her being there is then changed
 * with "modify correctors"). Sent through the outbox; `onSent` gets the command's id.
 */
export function CorrectorDecision({
  exam,
  corrector,
  describedBy,
  onSent,
}: {
  exam: { readonly id: number; readonly title: string }
  corrector: ExamCorrector
  describedBy: string
  onSent: (commandId: string) => void
}) {
  const t = useT()
  const { locale } = useI18n()
  const store = useEventStore()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  if (!supervisorMayDecide(corrector.status)) return null
  const issues = checkApproval('requireEdit', reason)
  const send = (decision: 'approve' | 'requireEdit', why: string | null) => {
    onSent(
      store.dispatch(decideCorrector, {
        examId: exam.id,
        title: exam.title,
        correctorId: corrector.correctorId,
        correctorName: corrector.name,
        decision,
        reason: why,
      }),
    )
    setOpen(false)
    setReason('')
    setTried(false)
  }
  const sendBack = async () => {
    // The rule's words are loaded before the first check shows them (as src/forms/use-form.ts does).
    await loadIssueMessages()
    setTried(true)
    if (issues.length === 0) send('requireEdit', reason.trim())
  }
  return (
    <>
      <Button size="sm" onClick={() => send('approve', null)} aria-describedby={describedBy} data-testid="corrector-approve">
        {t('exams.supervision.approveCorrector')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-describedby={describedBy} data-testid="corrector-send-back">
        {t('exams.supervision.sendBack')}
      </Button>
      {open ? (
        <Dialog
          open
          onOpenChange={(next) => !next && setOpen(false)}
          title={t('exams.supervision.sendBackTitle', { name: corrector.name })}
          description={t('exams.supervision.sendBackText')}
          closeLabel={t('exams.common.close')}
          testId="corrector-decision-dialog"
          footer={
            <>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('exams.common.cancel')}
              </Button>
              <Button onClick={() => void sendBack()} data-testid="corrector-decision-send">
                {t('exams.supervision.sendBackSend')}
              </Button>
            </>
          }
        >
          <TextArea
            id={`corrector-${corrector.correctorId}-reason`}
            label={t('exams.approval.reason')}
            value={reason}
            onValueChange={setReason}
            error={tried ? issuesToFields(issues, locale).reason : undefined}
            helper={t('exams.approval.reasonHelp', { max: examLimits.reason.max })}
            rows={4}
            testId="corrector-reason"
          />
        </Dialog>
      ) : null}
    </>
  )
}
