import { useState, type MutableRefObject } from 'react'
import { css } from 'styled-system/css'
import { pendingRecordingsOf } from '../../../src/questions/answer/pending-recordings.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import { accountIdOf } from '../../../src/session/storage.ts'
import { Button } from '../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { forgetAllUnsent } from './unsent-answers.ts'

/** What the page showing her attempt hands the switch: its save held back by the typing delay, and where her unsent recordings wait. */
export interface SwitchStudentHooks {
  readonly flush: () => void
  /** Keys of her recordings kept on the device (src/questions/answer/pending-recordings.ts), one per audio question. */
  readonly recordingKeys: ReadonlyArray<string>
}

/**
 * The signed-in account's own event log (src/app/event-store.ts names it so): once nothing of hers
 * waits in it, it goes with her sign-out, so the next student on the device finds no database of hers.
 */
const accountLogName = (account: string) => `fasl-events:${account}`

/**
 * "Switch student": a proctor runs several students on one device, one after another. It saves
 * what she typed last, then signs her out and returns to sign-in. With every answer of hers on the
 * server, her device log is deleted too. With some still unsent (offline, or not answered yet) it
 * says so first: switching anyway keeps them in her own account's log (never another's), sent at
 * her next sign-in on this device — nothing is lost silently, nothing is shown to the next student.
 * Her link's device key (take-exam/device-key.ts) stays, so she can continue her attempt here.
 */
export function SwitchStudent({ hooks }: { hooks?: MutableRefObject<SwitchStudentHooks | null> }) {
  const t = useT()
  const { session, signOut } = useSession()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const [open, setOpen] = useState(false)
  const [keptRecordings, setKeptRecordings] = useState(0)
  const unsent = snapshot.sync.pending.length + snapshot.sync.setAside.length + keptRecordings

  const ask = async () => {
    hooks?.current?.flush()
    const recordings = pendingRecordingsOf(store)
    const kept = await Promise.all((hooks?.current?.recordingKeys ?? []).map((key) => recordings.pending(key).catch(() => undefined)))
    setKeptRecordings(kept.filter((blob) => blob !== undefined).length)
    setOpen(true)
  }
  const switchNow = () => {
    const account = accountIdOf(session?.accessToken ?? null)
    const nothingWaits = unsent === 0
    setOpen(false)
    forgetAllUnsent()
    signOut()
    // Blocked until the store closes its connection (at the next account's first page); it completes then.
    if (nothingWaits && account !== null && typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(accountLogName(account))
  }

  const name = session?.name ?? ''
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void ask()} data-testid="switch-student" className={css({ alignSelf: 'flex-end' })}>
        {t('exams.take.switchStudent')}
      </Button>
      {open ? (
        <ConfirmDialog
          open
          onOpenChange={setOpen}
          title={t('exams.take.switchTitle')}
          description={unsent === 0 ? t('exams.take.switchAllSent', { name }) : t('exams.take.switchUnsent', { count: unsent, name })}
          confirmLabel={t(unsent === 0 ? 'exams.take.switchConfirm' : 'exams.take.switchAnyway')}
          cancelLabel={t('exams.take.switchCancel')}
          closeLabel={t('exams.take.switchCancel')}
          danger={unsent > 0}
          confirmTestId="switch-student-confirm"
          testId="switch-student-dialog"
          onConfirm={switchNow}
        >
          {unsent > 0 ? (
            <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="switch-student-unsent" data-count={unsent}>
              {t(snapshot.sync.online ? 'exams.take.switchSending' : 'exams.take.switchOffline')}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  )
}
