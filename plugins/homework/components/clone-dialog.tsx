import { useState } from 'react'
import { css } from 'styled-system/css'
import type { HomeworkSummary } from '../contract/homework.ts'
import { issueFormatter } from '../../../contracts/validation-format.ts'
import { homeworkRuleMessages } from '../contract/rule-messages.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { instantOf, localParts } from '../form-values.ts'

/** Its two messages are homework's own rules' (contract/validation-messages.json). */
const formatIssue = issueFormatter(homeworkRuleMessages)

/** Copies a homework into this class room, for the whole class, with its own start and due dates (the spec requires both). */
export function CloneDialog({
  homework,
  name,
  onClose,
  onClone,
}: {
  homework: HomeworkSummary
  name: string
  onClose: () => void
  onClone: (startsAt: string, dueAt: string) => void
}) {
  const t = useT()
  const { locale } = useI18n()
  const now = new Date()
  const [dates, setDates] = useState({
    startDate: localParts(now.toISOString()).date,
    startTime: '08:00',
    dueDate: localParts(new Date(now.getTime() + 7 * 86_400_000).toISOString()).date,
    dueTime: '08:00',
  })
  const [tried, setTried] = useState(false)
  const startsAt = instantOf(dates.startDate, dates.startTime)
  const dueAt = instantOf(dates.dueDate, dates.dueTime)
  const startError = tried && startsAt === '' ? formatIssue({ field: 'startDate', key: 'dateTimeInvalid' }, locale) : undefined
  const dueError = tried
    ? dueAt === ''
      ? formatIssue({ field: 'dueDate', key: 'dateTimeInvalid' }, locale)
      : startsAt !== '' && Date.parse(dueAt) <= Date.parse(startsAt)
        ? formatIssue({ field: 'dueDate', key: 'dueAfterStart' }, locale)
        : undefined
    : undefined
  const set = (key: keyof typeof dates) => (value: string) => setDates({ ...dates, [key]: value })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('homework.clone.title', { title: homework.title })}
      description={t('homework.clone.text', { name })}
      closeLabel={t('homework.common.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('homework.clone.cancel')}
          </Button>
          <Button
            data-testid="homework-clone-confirm"
            onClick={() => {
              setTried(true)
              if (startsAt !== '' && dueAt !== '' && Date.parse(dueAt) > Date.parse(startsAt)) onClone(startsAt, dueAt)
            }}
          >
            {t('homework.clone.confirm')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
        <DateField label={t('homework.form.startDate')} value={dates.startDate} onValueChange={set('startDate')} error={startError} />
        <TextField type="time" label={t('homework.form.startTime')} value={dates.startTime} onValueChange={set('startTime')} />
        <DateField label={t('homework.form.dueDate')} value={dates.dueDate} onValueChange={set('dueDate')} error={dueError} />
        <TextField type="time" label={t('homework.form.dueTime')} value={dates.dueTime} onValueChange={set('dueTime')} />
      </div>
    </Dialog>
  )
}
