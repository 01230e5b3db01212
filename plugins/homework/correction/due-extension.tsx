import { useState } from 'react'
import { css } from 'styled-system/css'
import type { SubmissionForCorrection } from '../contract/submissions.ts'
import { instantOf, localParts } from '../form-values.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { TextField } from '../../../src/ui/field.tsx'

const dayMs = 24 * 60 * 60 * 1000

/** A day after her due date, or after now when that has passed: what a teacher extending usually means. */
const suggestedDue = (dueAt: string, now: number) => localParts(new Date(Math.max(Date.parse(dueAt), now) + dayMs).toISOString())

/**
 * Her due date on the correction screen and, while the server would take it (`extendable`), a way
 * to give her alone a later one (ExtendStudentDueDate, sent by the outbox). The server checks the
 * date against the homework's; here only that it is a date after now.
 */
export function DueExtension({ work, onExtend }: { work: SubmissionForCorrection; onExtend: (dueAt: string) => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState(() => suggestedDue(work.dueAt, Date.now()))
  const [error, setError] = useState<string | null>(null)
  const save = () => {
    const dueAt = value.date === '' || value.time === '' ? '' : instantOf(value.date, value.time)
    if (dueAt === '' || !(Date.parse(dueAt) > Date.now())) return setError(t('homework.extend.afterNow'))
    onExtend(dueAt)
    setOpen(false)
  }
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm', color: 'fg.muted' })} data-testid="correction-due">
      <span>
        {work.extendedDueAt === null
          ? t('homework.extend.due', { due: new Date(work.dueAt) })
          : t('homework.extend.extendedTo', { due: new Date(work.extendedDueAt) })}
      </span>
      {work.extendable ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setValue(suggestedDue(work.dueAt, Date.now()))
            setError(null)
            setOpen(true)
          }}
          data-testid="correction-extend"
        >
          {t('homework.extend.open')}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('homework.extend.title', { name: work.studentName })}
        description={t('homework.extend.text')}
        closeLabel={t('homework.extend.cancel')}
        testId="correction-extend-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('homework.extend.cancel')}
            </Button>
            <Button onClick={save} data-testid="correction-extend-save">
              {t('homework.extend.save')}
            </Button>
          </>
        }
      >
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
          <DateField
            label={t('homework.extend.date')}
            value={value.date}
            onValueChange={(date) => setValue((before) => ({ ...before, date }))}
            error={error ?? undefined}
            testId="correction-extend-date"
          />
          <TextField label={t('homework.extend.time')} type="time" value={value.time} onValueChange={(time) => setValue((before) => ({ ...before, time }))} />
        </div>
      </Dialog>
    </div>
  )
}
