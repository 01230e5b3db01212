import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { FormActions } from '../../../src/ui/form-actions.tsx'
import type { Subject } from '../../../contracts/entities.ts'
import { answersReleases, defaultAnswersRelease } from '../contract/answers-release.ts'
import type { HomeworkDetails, HomeworkInsert, QuizMode } from '../contract/homework.ts'
import type { Answer, Question } from '../../../contracts/questions/question.ts'
import { toStudentView, type ArrangeItems } from '../../../contracts/questions/student-view.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useLeaveGuard } from '../../../src/forms/use-leave-guard.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { QuestionListEditor } from '../../../src/questions/editor/question-list-editor.tsx'
import type { QuestionDraft } from '../../../src/questions/drafts.ts'
import { totalDegree } from '../../../src/questions/drafts.ts'
import { QuestionView } from '../../../src/questions/renderer/question-view.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { LateWorkField } from './late-work-field.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { RadioGroup } from '../../../src/ui/radio-group.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { editHomework, insertHomework } from '../commands.ts'
import { checkHomeworkForm, emptyValues, requestOf, valuesOf, type HomeworkFormValues } from '../form-values.ts'
import { TargetFields } from './target-fields.tsx'
import { ChapterFields } from './chapter-fields.tsx'
import { HomeworkAttachmentsField } from './homework-attachments-field.tsx'
import { useHomeworkMaterials } from './use-homework-materials.ts'
import { Separator } from '../../../src/i18n/separator.tsx'

const formId = 'homework'

/** A save the server refused: what was written, and why. */
export interface Refused {
  readonly content: HomeworkInsert
  readonly code: number | string
  readonly message: string
  readonly fields: Readonly<Record<string, string>>
}
const quizModes = ['training', 'exam', 'multiple', 'general'] as const
const isQuizMode = (value: string): value is QuizMode => (quizModes as ReadonlyArray<string>).includes(value)

/**
 * The teacher's preview of the answering view: her items moved on by one, so they are out of the
 * order she wrote. A student's own order is the server's, which no client can work out.
 */
const previewOrder: ArrangeItems = (_questionId, items) => (items.length < 2 ? items : [...items.slice(1), items[0]!])

/**
 * Create or edit a homework or quiz. Saving appends a command to the device's event log: it shows at
 * once, survives a reload offline, and the outbox sends it exactly once (its id is the Idempotency-Key).
 * Leaving with unsaved changes asks first, whichever way (the cancel button, a link, a tab, the back button, a reload).
 */
export function HomeworkForm({
  classRoomId,
  name,
  subjects,
  editing,
  restored,
  onDone,
}: {
  classRoomId: number
  name: string
  subjects: ReadonlyArray<Subject>
  editing: HomeworkDetails | null
  restored?: Refused | null
  onDone: (saved: boolean) => void
}) {
  const t = useT()
  const store = useEventStore()
  const initialValues = useMemo(
    () => (restored ? valuesOf(restored.content) : editing ? valuesOf(editing) : emptyValues(subjects.length === 1 ? String(subjects[0]!.id) : '', new Date())),
    [editing, restored, subjects],
  )
  const initialDrafts = useMemo<ReadonlyArray<QuestionDraft>>(() => restored?.content.questions ?? editing?.questions ?? [], [editing, restored])
  const [drafts, setDrafts] = useState<ReadonlyArray<QuestionDraft>>(initialDrafts)
  const [preview, setPreview] = useState(false)
  const [previewAnswers, setPreviewAnswers] = useState<Readonly<Record<string, Answer>>>({})
  // The preview also shows the two other modes of the renderer: the right answers, and the answers above scored.
  const [previewMode, setPreviewMode] = useState<'answering' | 'reviewing' | 'correcting'>('answering')
  const [overrides, setOverrides] = useState<Readonly<Record<string, number | null>>>({})
  const locked = (editing?.answeredCount ?? 0) > 0
  // The questions as stored: one made before a newer builder rule passes while unchanged.
  const kept = useMemo<ReadonlyArray<Question>>(() => editing?.questions ?? [], [editing])
  const materials = useHomeworkMaterials(editing?.materials)
  const form = useForm<HomeworkFormValues>({
    id: formId,
    initial: initialValues,
    rules: (values) => checkHomeworkForm(values, drafts, kept),
    submit: (values) => {
      const request = { ...requestOf(classRoomId, values, drafts), materials: materials.input }
      if (editing === null) store.dispatch(insertHomework, request)
      else {
        const { classRoomId: _fixed, ...content } = request
        store.dispatch(editHomework, { classRoomId, homework: { id: editing.id, version: editing.version, ...content } })
      }
      onDone(true)
    },
  })
  // Opened (new, editing or reopened): the keyboard starts at its heading, not on the page body.
  useEffect(() => {
    document.getElementById('homework-form-title')?.focus()
  }, [])
  // Work the server refused, opened again: its messages sit on their fields.
  useEffect(() => {
    if (restored) form.refuse({ _tag: 'ApiProblem', code: Number(restored.code), status: 400, message: restored.message, fields: restored.fields })
  }, [restored]) // eslint-disable-line react-hooks/exhaustive-deps
  const dirty =
    restored !== null && restored !== undefined
      ? true
      : JSON.stringify(form.values) !== JSON.stringify(initialValues) || JSON.stringify(drafts) !== JSON.stringify(initialDrafts) || materials.changed
  const confirmLeave = useLeaveGuard(dirty)
  const questionErrors = Object.fromEntries(Object.entries(form.errors).filter(([field]) => field.startsWith('questions.')))
  const invalid = form.touched && checkHomeworkForm(form.values, drafts, kept).length > 0
  const subjectOptions = subjects.map((subject) => ({ value: String(subject.id), label: subject.name }))
  return (
    <form
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' })}
      data-testid="homework-form"
    >
      <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })} tabIndex={-1} id="homework-form-title">
        {t(editing ? 'homework.form.editTitle' : 'homework.form.createTitle')}
        <Separator />
        <span dir="auto">{name}</span>
      </h2>
      {locked ? <Banner tone="warning">{t('homework.form.answeredLocked')}</Banner> : null}
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      {invalid ? (
        <Banner tone="danger" testId="homework-form-invalid">
          {t('homework.form.invalid')}
        </Banner>
      ) : null}
      <Card className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}>
        <div className={css({ gridColumn: '1 / -1' })}>
          <TextField {...form.field('title')} label={t('homework.form.title')} helper={t('homework.form.titleHelp')} dir="auto" testId="homework-title" />
        </div>
        <TextArea
          {...form.field('text')}
          label={t('homework.form.text')}
          // The 50-character minimum said before she saves, with how far she is (counted as the rule counts: trimmed).
          helper={t('homework.form.textHelp', { count: [...form.values.text.trim()].length })}
          rows={4}
          className={css({ gridColumn: '1 / -1' })}
          testId="homework-text"
        />
        <Select
          label={t('homework.form.subject')}
          options={subjectOptions}
          value={form.values.subjectId}
          onValueChange={(subjectId) => {
            if (subjectId === form.values.subjectId) return
            // Chapters are the subject's: another subject starts without one.
            form.set('subjectId')(subjectId)
            form.set('chapterId')('')
            form.set('topicIds')('')
          }}
          error={form.errors.subjectId}
          testId="homework-subject"
          id="homework-subjectId"
        />
        <div className={css({ gridColumn: '1 / -1', minWidth: '0' })}>
          <ChapterFields values={form.values} set={form.set} errors={form.errors} />
        </div>
        <RadioGroup
          id="homework-type"
          label={t('homework.form.type')}
          orientation="horizontal"
          value={form.values.type}
          disabled={locked}
          onValueChange={(value) => {
            form.set('type')(value)
            if (value === 'homework') form.set('quizMode')('')
          }}
          options={[
            { value: 'homework', label: t('homework.type.homework') },
            { value: 'quiz', label: t('homework.type.quiz'), testId: 'homework-type-quiz' },
          ]}
        />
        {form.values.type === 'quiz' ? (
          <div>
            <Select
              id="homework-quizMode"
              label={t('homework.form.quizMode')}
              options={quizModes.map((mode) => ({ value: mode, label: t(`homework.quizMode.${mode}`) }))}
              value={form.values.quizMode}
              onValueChange={form.set('quizMode')}
              error={form.errors.quizMode}
              helper={t(isQuizMode(form.values.quizMode) ? `homework.quizModeHint.${form.values.quizMode}` : 'homework.quizModeHint.none')}
              testId="homework-quiz-mode"
            />
          </div>
        ) : null}
        <div>
          <Select
            id="homework-answersRelease"
            label={t('homework.form.answersRelease')}
            options={answersReleases.map((release) => ({ value: release, label: t(`homework.answersRelease.${release}`) }))}
            value={
              form.values.answersRelease ||
              defaultAnswersRelease(form.values.type === 'quiz' ? 'quiz' : 'homework', (form.values.quizMode || null) as QuizMode | null)
            }
            onValueChange={form.set('answersRelease')}
            error={form.errors.answersRelease}
            testId="homework-answers-release"
          />
        </div>
        <div className={css({ gridColumn: '1 / -1' })}>
          <LateWorkField value={form.values.lateWork} onChange={form.set('lateWork')} />
        </div>
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', gridColumn: '1 / -1' })}>
          <DateField {...form.field('startDate')} label={t('homework.form.startDate')} testId="homework-start-date" />
          <TextField {...form.field('startTime')} type="time" label={t('homework.form.startTime')} />
          <DateField {...form.field('dueDate')} label={t('homework.form.dueDate')} testId="homework-due-date" />
          <TextField {...form.field('dueTime')} type="time" label={t('homework.form.dueTime')} />
        </div>
        <div className={css({ gridColumn: '1 / -1' })}>
          <TargetFields classRoomId={classRoomId} values={form.values} field={form.field} set={form.set} errors={form.errors} />
        </div>
      </Card>
      <HomeworkAttachmentsField materials={materials} />
      <div id="homework-questions" tabIndex={-1}>
        {form.errors.questions ? (
          <Banner tone="danger" testId="homework-questions-error">
            {form.errors.questions}
          </Banner>
        ) : null}
      </div>
      <QuestionListEditor
        drafts={drafts}
        kept={kept}
        onChange={locked ? () => undefined : setDrafts}
        formId={formId}
        showErrors={form.touched}
        serverErrors={questionErrors}
      />
      <p className={css({ fontWeight: 'semibold' })}>{t('homework.form.total', { total: totalDegree(drafts) })}</p>
      {drafts.length > 0 ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div>
            <Button variant="outline" onClick={() => setPreview(!preview)} aria-expanded={preview} data-testid="homework-preview">
              {t(preview ? 'homework.form.hidePreview' : 'homework.form.preview')}
            </Button>
          </div>
          {preview ? (
            <section
              aria-labelledby="homework-preview-title"
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
              data-testid="homework-preview-panel"
            >
              <h3 id="homework-preview-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                {t('homework.form.previewTitle')}
              </h3>
              <RadioGroup
                label={t('homework.preview.mode')}
                orientation="horizontal"
                value={previewMode}
                onValueChange={(value) => setPreviewMode(value as typeof previewMode)}
                options={(['answering', 'reviewing', 'correcting'] as const).map((mode) => ({
                  value: mode,
                  label: t(`homework.preview.${mode}`),
                  testId: `homework-preview-${mode}`,
                }))}
              />
              {drafts.map((draft, index) => {
                const question = { ...draft, degree: draft.degree ?? 0, ...(draft.type === 3 ? { correct: draft.correct ?? false } : {}) } as Question
                const answer = previewAnswers[draft.id] ?? null
                if (previewMode === 'reviewing') return <QuestionView key={draft.id} mode="reviewing" number={index + 1} question={question} answer={answer} />
                if (previewMode === 'correcting')
                  return (
                    <QuestionView
                      key={draft.id}
                      mode="correcting"
                      number={index + 1}
                      question={question}
                      answer={answer}
                      override={overrides[draft.id] ?? null}
                      onOverride={(score) => setOverrides({ ...overrides, [draft.id]: score })}
                    />
                  )
                return (
                  <QuestionView
                    key={draft.id}
                    mode="answering"
                    number={index + 1}
                    question={toStudentView(question, previewOrder)}
                    answer={answer}
                    onAnswer={(next) => setPreviewAnswers({ ...previewAnswers, [draft.id]: next })}
                  />
                )
              })}
            </section>
          ) : null}
        </div>
      ) : null}
      <FormActions>
        <Button variant="outline" onClick={() => confirmLeave(() => onDone(false))} data-testid="homework-cancel">
          {t('homework.form.cancel')}
        </Button>
        <Button type="submit" loading={form.busy || materials.uploads.busy} data-testid="homework-save">
          {t('homework.form.save')}
        </Button>
      </FormActions>
    </form>
  )
}
