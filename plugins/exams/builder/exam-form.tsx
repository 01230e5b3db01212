import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { FormActions } from '../../../src/ui/form-actions.tsx'
import type { Question } from '../../../contracts/questions/question.ts'
import type { FixedExamCreate } from '../contract/exam.ts'
import type { FixedExamDetails } from '../contract/exam-views.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useLeaveGuard } from '../../../src/forms/use-leave-guard.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { QuestionListEditor } from '../../../src/questions/editor/question-list-editor.tsx'
import type { QuestionDraft } from '../../../src/questions/drafts.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { RadioGroup } from '../../../src/ui/radio-group.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { Switch } from '../../../src/ui/switch.tsx'
import { roomsOf, subjectsOfStage, type BuilderOptions } from './builder-options.ts'
import { CorrectorsFields } from './correctors-fields.tsx'
import type { ExamActions } from './exam-actions.ts'
import {
  checkExamForm,
  correctorRowsOf,
  correctorRowsOfRequest,
  emptyValues,
  questionFigures,
  requestOf,
  valuesOf,
  type CorrectorRow,
  type ExamFormValues,
} from './form-values.ts'
import { ExamTargetFields } from './target-fields.tsx'

const formId = 'exam'
const examTypes = ['monthly', 'midterm', 'final'] as const

/** The server's refusal of a save, placed on the form's fields. */
export interface SaveRefusal {
  readonly id: string
  readonly code: number | string
  readonly message: string
  readonly fields: Readonly<Record<string, string>>
}

const section = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4', minWidth: '0' })
const wide = css({ gridColumn: '1 / -1', minWidth: '0' })
const heading = css({ fontSize: 'lg', fontWeight: 'semibold', gridColumn: '1 / -1' })

/**
 * The exam builder: every field of the contract, the rules of exam-rules.ts inline before sending, the
 * server's 105 messages on their fields. `onSave` gets the request (the page appends it to the outbox);
 * leaving with unsaved changes asks first. Read-only where the exam's machine allows no edit, the
 * questions alone once the exam is assigned.
 */
export function ExamForm({
  options,
  editing,
  actions,
  selfId,
  refusal,
  reopened = null,
  saving,
  onSave,
  onCancel,
  children,
}: {
  options: BuilderOptions
  editing: FixedExamDetails | null
  actions: ExamActions | null
  selfId: string
  refusal: SaveRefusal | null
  /** A refused save reopened: the form starts from what she sent (unsaved, so leaving asks). */
  reopened?: { readonly id: string; readonly request: FixedExamCreate } | null
  saving: boolean
  onSave: (request: FixedExamCreate) => void
  onCancel: () => void
  /** The exam's own actions (submit for approval, assign, …), below the form. */
  children?: (dirty: boolean) => ReactNode
}) {
  const t = useT()
  const initialValues = useMemo(() => (editing ? valuesOf(editing) : emptyValues(new Date())), [editing])
  const initialDrafts = useMemo<ReadonlyArray<QuestionDraft>>(() => editing?.questions ?? [], [editing])
  const initialRows = useMemo<ReadonlyArray<CorrectorRow>>(
    () => (editing ? correctorRowsOf(editing) : [{ correctorId: selfId, percentage: '100' }]),
    [editing, selfId],
  )
  const [drafts, setDrafts] = useState(initialDrafts)
  const [rows, setRows] = useState(initialRows)
  const [baseline, setBaseline] = useState(() => JSON.stringify([initialValues, initialDrafts, initialRows]))
  const [converting, setConverting] = useState<string | null>(null)
  const kept = useMemo<ReadonlyArray<Question>>(() => editing?.questions ?? [], [editing])
  const readOnly = actions !== null && !actions.edit
  const questionsLocked = actions?.questionsLocked ?? false
  // A reopened refused save, held until she saves it: a read of the stored exam meanwhile does not replace her work.
  const holding = useRef<{ readonly id: string; readonly request: FixedExamCreate } | null>(null)
  const heldId = useRef<string | null>(null)
  if (reopened !== null && heldId.current !== reopened.id) {
    heldId.current = reopened.id
    holding.current = reopened
  }
  const form = useForm<ExamFormValues>({
    id: formId,
    initial: initialValues,
    rules: (values) => checkExamForm(values, drafts, rows, kept),
    submit: (values) => {
      holding.current = null
      setBaseline(JSON.stringify([values, drafts, rows]))
      onSave(requestOf(values, drafts, rows))
    },
  })
  // A new exam or a saved one read again: the form starts from it, or from her reopened work (unsaved, so leaving asks), with the server's word on it.
  useEffect(() => {
    const held = holding.current
    form.reset(held ? valuesOf(held.request) : initialValues)
    setDrafts(held ? held.request.questions : initialDrafts)
    setRows(held ? correctorRowsOfRequest(held.request) : initialRows)
    setBaseline(JSON.stringify([initialValues, initialDrafts, initialRows]))
    if (held && refusal) form.refuse({ _tag: 'ApiProblem', code: Number(refusal.code), status: 400, message: refusal.message, fields: refusal.fields })
  }, [initialValues, initialDrafts, initialRows, reopened?.id]) // eslint-disable-line react-hooks/exhaustive-deps
  // The count and the total follow the questions as she writes them (she may still change them: the rules say when they disagree).
  useEffect(() => {
    if (questionsLocked) return
    const figures = questionFigures(drafts)
    form.set('questionCount')(figures.count)
    form.set('totalDegree')(figures.total)
  }, [drafts]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (refusal) form.refuse({ _tag: 'ApiProblem', code: Number(refusal.code), status: 400, message: refusal.message, fields: refusal.fields })
  }, [refusal?.id]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    document.getElementById('exam-form-title')?.focus()
  }, [])
  const dirty = JSON.stringify([form.values, drafts, rows]) !== baseline
  const confirmLeave = useLeaveGuard(dirty)
  const invalid = form.touched && checkExamForm(form.values, drafts, rows, kept).length > 0
  const questionErrors = Object.fromEntries(Object.entries(form.errors).filter(([field]) => field.startsWith('questions.')))
  const stageOptions = options.stages.map((stage) => ({ value: String(stage.id), label: stage.name }))
  const subjectOptions = subjectsOfStage(options, form.values.stageId).map((subject) => ({ value: String(subject.id), label: subject.name }))
  const rooms = roomsOf(options, form.values.stageId, form.values.subjectId)
  const changeMode = (mode: string) => {
    if (mode === form.values.correctorsMode) return
    // Converting a saved exam's marking changes how its papers are shared: she confirms first.
    if (editing !== null && editing.correctorsMode !== mode) setConverting(mode)
    else form.set('correctorsMode')(mode)
  }
  return (
    <form
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' })}
      data-testid="exam-form"
    >
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1} id="exam-form-title">
        {t(editing ? 'exams.edit.title' : 'exams.create.title')}
      </h1>
      {readOnly ? <Banner tone="info">{t('exams.form.readOnly')}</Banner> : null}
      {form.message ? (
        <Banner tone="danger" testId="exam-form-refused">
          {form.message}
        </Banner>
      ) : null}
      {invalid ? (
        <Banner tone="danger" testId="exam-form-invalid">
          {t('exams.form.invalid')}
        </Banner>
      ) : null}
      <fieldset disabled={readOnly} className={css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' })}>
        <Card className={section}>
          <h2 className={heading}>{t('exams.form.details')}</h2>
          <div className={wide}>
            <TextField {...form.field('title')} label={t('exams.form.title')} helper={t('exams.form.titleHelp')} dir="auto" testId="exam-title" />
          </div>
          <Select
            id="exam-stageId"
            label={t('exams.form.grade')}
            options={stageOptions}
            value={form.values.stageId}
            onValueChange={(stageId) => {
              if (stageId === form.values.stageId) return
              // Subjects and class rooms are the grade's: another grade starts without them.
              form.set('stageId')(stageId)
              form.set('subjectId')('')
              form.set('classRoomIds')('')
              form.set('studentIds')('')
            }}
            error={form.errors.stageId}
            helper={stageOptions.length === 0 ? t('exams.form.noGrades') : undefined}
            testId="exam-grade"
          />
          <Select
            id="exam-subjectId"
            label={t('exams.form.subject')}
            options={subjectOptions}
            value={form.values.subjectId}
            onValueChange={(subjectId) => {
              if (subjectId === form.values.subjectId) return
              form.set('subjectId')(subjectId)
              form.set('classRoomIds')('')
              form.set('studentIds')('')
            }}
            error={form.errors.subjectId}
            testId="exam-subject"
          />
          <RadioGroup
            id="exam-examType"
            label={t('exams.form.type')}
            orientation="horizontal"
            value={form.values.examType}
            onValueChange={form.set('examType')}
            disabled={readOnly}
            options={examTypes.map((type) => ({ value: type, label: t(`exams.type.${type}`), testId: `exam-type-${type}` }))}
          />
          {editing === null ? (
            <Switch
              checked={form.values.training === 'true'}
              onCheckedChange={(on) => form.set('training')(String(on))}
              label={t('exams.form.training')}
              hint={t('exams.form.trainingHint')}
              testId="exam-training"
            />
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted', alignSelf: 'center' })}>
              {t(editing.training ? 'exams.form.isTraining' : 'exams.form.notTraining')}
            </p>
          )}
          <RadioGroup
            id="exam-timing"
            label={t('exams.form.timing')}
            orientation="horizontal"
            value={form.values.timing}
            onValueChange={form.set('timing')}
            disabled={readOnly}
            options={[
              { value: 'fixedDay', label: t('exams.timing.fixedDay') },
              { value: 'range', label: t('exams.timing.range'), testId: 'exam-timing-range' },
            ]}
          />
          <RadioGroup
            id="exam-questionOrder"
            label={t('exams.form.questionOrder')}
            orientation="horizontal"
            value={form.values.questionOrder}
            onValueChange={form.set('questionOrder')}
            disabled={readOnly}
            options={[
              { value: 'random', label: t('exams.questionOrder.random') },
              { value: 'same', label: t('exams.questionOrder.same') },
            ]}
          />
          <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', gridColumn: '1 / -1' })}>
            <DateField {...form.field('startDate')} label={t('exams.form.startDate')} testId="exam-start-date" />
            <TextField {...form.field('startTime')} type="time" label={t('exams.form.startTime')} testId="exam-start-time" />
            <DateField {...form.field('endDate')} label={t('exams.form.endDate')} testId="exam-end-date" />
            <TextField {...form.field('endTime')} type="time" label={t('exams.form.endTime')} testId="exam-end-time" />
          </div>
          <TextField {...form.field('durationMinutes')} inputMode="numeric" label={t('exams.form.duration')} testId="exam-duration" />
        </Card>
        <Card className={section}>
          <h2 className={heading}>{t('exams.form.who')}</h2>
          <div className={wide}>
            <ExamTargetFields
              rooms={rooms}
              targetKind={form.values.targetKind}
              classRoomIds={form.values.classRoomIds}
              studentIds={form.values.studentIds}
              set={form.set}
              errors={form.errors}
              disabled={readOnly || questionsLocked}
            />
          </div>
        </Card>
        <Card className={section}>
          <h2 className={heading}>{t('exams.form.marking')}</h2>
          <RadioGroup
            id="exam-correctorsMode"
            label={t('exams.form.correctorsMode')}
            orientation="horizontal"
            value={form.values.correctorsMode}
            onValueChange={changeMode}
            disabled={readOnly || (actions !== null && !actions.convertMode)}
            options={[
              { value: 'split', label: t('exams.correctorsMode.split'), testId: 'exam-mode-split' },
              { value: 'double', label: t('exams.correctorsMode.double'), testId: 'exam-mode-double' },
            ]}
          />
          {form.values.correctorsMode === 'double' ? (
            <TextField
              {...form.field('markDifferenceThreshold')}
              inputMode="decimal"
              label={t('exams.form.threshold')}
              helper={t('exams.form.thresholdHelp')}
              testId="exam-threshold"
            />
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted', alignSelf: 'center' })}>{t('exams.form.splitHelp')}</p>
          )}
          <div className={wide}>
            <CorrectorsFields rows={rows} onChange={setRows} candidates={options.candidates} errors={form.errors} disabled={readOnly} />
          </div>
        </Card>
        <Card className={section}>
          <h2 className={heading}>{t('exams.form.questions')}</h2>
          {questionsLocked ? (
            <div className={wide}>
              <Banner tone="warning" testId="exam-questions-locked">
                {t('exams.form.questionsLocked')}
              </Banner>
            </div>
          ) : null}
          <TextField {...form.field('questionCount')} inputMode="numeric" label={t('exams.form.questionCount')} disabled={questionsLocked} />
          <TextField {...form.field('totalDegree')} inputMode="decimal" label={t('exams.form.totalDegree')} disabled={questionsLocked} />
          <div id="exam-questions" tabIndex={-1} className={wide}>
            {form.errors.questions ? (
              <Banner tone="danger" testId="exam-questions-error">
                {form.errors.questions}
              </Banner>
            ) : null}
          </div>
        </Card>
        <fieldset disabled={questionsLocked} className={css({ minWidth: '0' })} data-testid="exam-questions-editor">
          <QuestionListEditor
            drafts={drafts}
            kept={kept}
            onChange={questionsLocked ? () => undefined : setDrafts}
            formId={formId}
            showErrors={form.touched}
            serverErrors={questionErrors}
          />
        </fieldset>
      </fieldset>
      {children?.(dirty)}
      <FormActions>
        <Button variant="outline" onClick={() => confirmLeave(onCancel)} data-testid="exam-cancel">
          {t('exams.form.back')}
        </Button>
        {readOnly ? null : (
          <Button type="submit" loading={saving} data-testid="exam-save">
            {t('exams.form.save')}
          </Button>
        )}
      </FormActions>
      {converting !== null ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConverting(null)}
          title={t('exams.convert.title')}
          description={t('exams.convert.text', { mode: converting })}
          confirmLabel={t('exams.convert.confirm')}
          cancelLabel={t('exams.common.cancel')}
          closeLabel={t('exams.common.close')}
          confirmTestId="exam-convert-confirm"
          onConfirm={() => {
            form.set('correctorsMode')(converting)
            setConverting(null)
          }}
        />
      ) : null}
    </form>
  )
}
