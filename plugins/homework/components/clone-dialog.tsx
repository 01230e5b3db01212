import { useState } from 'react'
import { css } from 'styled-system/css'
import type { Subject } from '../../../contracts/entities.ts'
import type { HomeworkClone, HomeworkSummary } from '../contract/homework.ts'
import { issueFormatter, validationMessages } from '../../../contracts/validation-format.ts'
import { homeworkRuleMessages } from '../contract/rule-messages.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useRead } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { classRoomsRead, classRoomSubjectsRead, useClassRoomLabel } from '../../classroom/public.ts'
import { checkHomeworkTitle, instantOf, localParts } from '../form-values.ts'

/** The core's rule messages (the title's length) and homework's own (contract/validation-messages.json). */
const formatIssue = issueFormatter({ ...validationMessages, ...homeworkRuleMessages })

/** What the dialog sends: the copy's class room, subject, title and dates (the source is the homework it was opened on). */
export type CloneTarget = Omit<HomeworkClone, 'homeworkId'> & { readonly classRoomLabel: string }

/** The original's subject when the target room teaches it, else the room's first. */
const subjectFor = (subjects: ReadonlyArray<Subject>, original: number): string =>
  String(subjects.some((subject) => subject.id === original) ? original : (subjects[0]?.id ?? ''))

/**
 * Copies a homework into one of the teacher's class rooms (this one unless she picks another), in a
 * subject taught there, under a title of her own (the original's to start with), for the whole class,
 * with its own start and due dates (the spec requires both).
 */
export function CloneDialog({
  homework,
  classRoomId,
  name,
  subjects,
  onClose,
  onClone,
}: {
  homework: HomeworkSummary
  classRoomId: number
  name: string
  subjects: ReadonlyArray<Subject>
  onClose: () => void
  onClone: (target: CloneTarget) => void
}) {
  const t = useT()
  const { locale } = useI18n()
  const roomLabel = useClassRoomLabel()
  const now = new Date()
  const [values, setValues] = useState({
    roomId: String(classRoomId),
    subjectId: subjectFor(subjects, homework.subjectId),
    title: homework.title,
    startDate: localParts(now.toISOString()).date,
    startTime: '08:00',
    dueDate: localParts(new Date(now.getTime() + 7 * 86_400_000).toISOString()).date,
    dueTime: '08:00',
  })
  const [tried, setTried] = useState(false)
  const rooms = useRead(classRoomsRead)
  const otherRoom = values.roomId !== String(classRoomId)
  const roomSubjects = useRead(otherRoom ? classRoomSubjectsRead(Number(values.roomId)) : null)
  const targetSubjects = otherRoom ? (roomSubjects.status === 'ready' ? roomSubjects.data : []) : subjects
  const roomOptions =
    rooms.status === 'ready'
      ? rooms.data.map((room) => ({ value: String(room.classRoomId), label: roomLabel(room) }))
      : [{ value: String(classRoomId), label: name }]
  const startsAt = instantOf(values.startDate, values.startTime)
  const dueAt = instantOf(values.dueDate, values.dueTime)
  const titleIssue = checkHomeworkTitle(values.title)[0]
  const titleError = tried && titleIssue ? formatIssue(titleIssue, locale) : undefined
  const subjectError = tried && values.subjectId === '' ? formatIssue({ field: 'subjectId', key: 'required' }, locale) : undefined
  const startError = tried && startsAt === '' ? formatIssue({ field: 'startDate', key: 'dateTimeInvalid' }, locale) : undefined
  const dueError = tried
    ? dueAt === ''
      ? formatIssue({ field: 'dueDate', key: 'dateTimeInvalid' }, locale)
      : startsAt !== '' && Date.parse(dueAt) <= Date.parse(startsAt)
        ? formatIssue({ field: 'dueDate', key: 'dueAfterStart' }, locale)
        : undefined
    : undefined
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value })
  const chooseRoom = (roomId: string) => {
    setValues({ ...values, roomId, subjectId: roomId === String(classRoomId) ? subjectFor(subjects, homework.subjectId) : '' })
  }
  // Another room's subjects arrive after it is chosen: preselect the original's (or the first) once they do.
  if (otherRoom && values.subjectId === '' && roomSubjects.status === 'ready' && roomSubjects.data.length > 0)
    setValues({ ...values, subjectId: subjectFor(roomSubjects.data, homework.subjectId) })
  const submit = () => {
    setTried(true)
    const firstInvalid = titleIssue
      ? 'homework-clone-title'
      : values.subjectId === ''
        ? 'homework-clone-subject'
        : startsAt === ''
          ? 'homework-clone-start'
          : dueAt === '' || Date.parse(dueAt) <= Date.parse(startsAt)
            ? 'homework-clone-due'
            : null
    if (firstInvalid !== null) {
      requestAnimationFrame(() => document.getElementById(firstInvalid)?.focus())
      return
    }
    const room = roomOptions.find((option) => option.value === values.roomId)
    onClone({
      classRoomId: Number(values.roomId),
      subjectId: Number(values.subjectId),
      title: values.title.trim(),
      startsAt,
      dueAt,
      classRoomLabel: room?.label ?? name,
    })
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('homework.clone.title', { title: homework.title })}
      description={t('homework.clone.where')}
      closeLabel={t('homework.common.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('homework.clone.cancel')}
          </Button>
          <Button data-testid="homework-clone-confirm" onClick={submit}>
            {t('homework.clone.confirm')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
        <div className={css({ gridColumn: '1 / -1' })}>
          <TextField
            id="homework-clone-title"
            label={t('homework.clone.newTitle')}
            helper={t('homework.form.titleHelp')}
            value={values.title}
            onValueChange={set('title')}
            error={titleError}
            dir="auto"
            testId="homework-clone-title"
          />
        </div>
        <Select
          id="homework-clone-room"
          label={t('homework.clone.room')}
          options={roomOptions}
          value={values.roomId}
          onValueChange={chooseRoom}
          testId="homework-clone-room"
        />
        <Select
          id="homework-clone-subject"
          label={t('homework.form.subject')}
          options={targetSubjects.map((subject) => ({ value: String(subject.id), label: subject.name }))}
          value={values.subjectId}
          onValueChange={set('subjectId')}
          error={subjectError}
          testId="homework-clone-subject"
        />
        <DateField
          id="homework-clone-start"
          label={t('homework.form.startDate')}
          value={values.startDate}
          onValueChange={set('startDate')}
          error={startError}
        />
        <TextField type="time" label={t('homework.form.startTime')} value={values.startTime} onValueChange={set('startTime')} />
        <DateField id="homework-clone-due" label={t('homework.form.dueDate')} value={values.dueDate} onValueChange={set('dueDate')} error={dueError} />
        <TextField type="time" label={t('homework.form.dueTime')} value={values.dueTime} onValueChange={set('dueTime')} />
      </div>
    </Dialog>
  )
}
