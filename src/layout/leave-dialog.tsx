import { useSyncExternalStore } from 'react'
import { useT } from '../i18n/intl.tsx'
import { leaveQuestion } from '../plugin-host/navigation-guard.ts'
import { ConfirmDialog } from '../ui/dialog.tsx'

/** "Leave without saving?", asked when a page with unsaved work is left (src/plugin-host/navigation-guard.ts). */
export function LeaveDialog() {
  const t = useT()
  const asking = useSyncExternalStore(leaveQuestion.subscribe, leaveQuestion.isAsking)
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={(open) => {
        if (!open) leaveQuestion.stay()
      }}
      title={t('shell.leave.title')}
      description={t('shell.leave.text')}
      confirmLabel={t('shell.leave.leave')}
      cancelLabel={t('shell.leave.stay')}
      closeLabel={t('shell.common.close')}
      danger
      testId="leave-dialog"
      confirmTestId="leave-confirm"
      onConfirm={leaveQuestion.leave}
    />
  )
}
