import { useEffect, useState } from 'react'
import { sessionDefaults } from '../../contracts/settings.ts'
import { useT } from '../i18n/intl.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { useSession } from './session-provider.tsx'

/** The idle warning: "stay signed in" with a countdown; when it runs out the machine times out (→ /timed-out). */
export function IdleDialog() {
  const { idleWarning, stay, signOut } = useSession()
  const t = useT()
  const total = Math.round(sessionDefaults.idleWarningMs / 1000)
  const [seconds, setSeconds] = useState(total)
  useEffect(() => {
    if (!idleWarning) return
    const started = Date.now()
    setSeconds(total)
    const timer = setInterval(() => setSeconds(Math.max(0, total - Math.floor((Date.now() - started) / 1000))), 250)
    return () => clearInterval(timer)
  }, [idleWarning, total])
  return (
    <Dialog
      open={idleWarning}
      onOpenChange={(open) => !open && stay()}
      role="alertdialog"
      title={t('shell.idle.title')}
      // Announced once as the alert dialog opens; no live region, so the ticking count is not re-read every second.
      description={t('shell.idle.text', { seconds })}
      closeLabel={t('shell.common.close')}
      testId="idle-dialog"
      footer={
        <>
          <Button variant="outline" onClick={signOut}>
            {t('shell.idle.signOut')}
          </Button>
          <Button onClick={stay} data-testid="idle-stay" autoFocus>
            {t('shell.idle.stay')}
          </Button>
        </>
      }
    />
  )
}
