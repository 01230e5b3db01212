import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { classRoomStudentsKey, fetchClassRoomStudents } from '../../classroom/public.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Checkbox } from '../../../src/ui/checkbox.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { RadioGroup } from '../../../src/ui/radio-group.tsx'
import { Spinner } from '../../../src/ui/spinner.tsx'
import { Switch } from '../../../src/ui/switch.tsx'
import type { HomeworkFormValues } from '../form-values.ts'
import { studentIdsOf } from '../form-values.ts'

type FieldOf = (name: keyof HomeworkFormValues & string) => {
  id: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error: string | undefined
}

/** Whole class or chosen students (read from the class list), with the chosen students' own due date. */
export function TargetFields({
  classRoomId,
  values,
  field,
  set,
  errors,
}: {
  classRoomId: number
  values: HomeworkFormValues
  field: FieldOf
  set: (name: keyof HomeworkFormValues & string) => (value: string) => void
  errors: Readonly<Record<string, string>>
}) {
  const t = useT()
  const students = useResource(values.targetKind === 'students' ? classRoomStudentsKey(classRoomId) : null, () => fetchClassRoomStudents(classRoomId))
  const chosen = new Set(studentIdsOf(values))
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(id)
    else next.delete(id)
    set('studentIds')([...next].join(','))
  }
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <RadioGroup
        id="homework-targetKind"
        label={t('homework.form.target')}
        orientation="horizontal"
        value={values.targetKind}
        onValueChange={set('targetKind')}
        options={[
          { value: 'class', label: t('homework.form.targetClass') },
          { value: 'students', label: t('homework.form.targetStudents'), testId: 'homework-target-students' },
        ]}
      />
      {values.targetKind === 'students' ? (
        <div
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
            paddingInlineStart: '4',
            borderInlineStartWidth: '2px',
            borderColor: 'accent.muted',
          })}
        >
          <div
            id="homework-studentIds"
            tabIndex={-1}
            role="group"
            aria-label={t('homework.form.students')}
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '1' })}
          >
            {students.status === 'loading' ? <Spinner size="sm" label={t('homework.form.students')} /> : null}
            {students.status === 'error' ? (
              <p className={css({ color: 'danger.default', fontSize: 'sm' })}>
                {t('homework.form.studentsError')} {students.problem.message}
              </p>
            ) : null}
            {students.status === 'ready'
              ? students.data.map((student) => (
                  <Checkbox key={student.id} checked={chosen.has(student.id)} onCheckedChange={(on) => toggle(student.id, on)}>
                    <span dir="auto">{student.name}</span>
                  </Checkbox>
                ))
              : null}
          </div>
          {errors.studentIds ? <p className={css({ color: 'danger.default', fontSize: 'sm' })}>{errors.studentIds}</p> : null}
          <Switch checked={values.customDue === 'true'} onCheckedChange={(on) => set('customDue')(String(on))} label={t('homework.form.customDue')} />
          {values.customDue === 'true' ? (
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
              <DateField {...field('customDueDate')} label={t('homework.form.customDueDate')} />
              <TextField {...field('customDueTime')} type="time" label={t('homework.form.customDueTime')} />
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
