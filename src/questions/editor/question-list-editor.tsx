import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { checkQuestions, type QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { QuestionTypeCode } from '../../../contracts/questions/type-codes.ts'
import { issuesToFields } from '../../forms/issues.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { cardStyle } from '../../ui/card.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { Select } from '../../ui/select.tsx'
import { moveEntry, newDraft, questionTypeOrder, retype, totalDegree } from '../drafts.ts'
import { EditorFieldsProvider, join, type EditorFields } from './editor-context.tsx'
import { typeLabels } from '../type-labels.ts'
import { QuestionEditor } from './question-editor.tsx'
import { iconButton } from './styles.ts'

export interface QuestionListEditorProps {
  readonly drafts: ReadonlyArray<QuestionDraft>
  readonly onChange: (drafts: ReadonlyArray<QuestionDraft>) => void
  /** The form's id: each field's element id is `<formId>-<path>.<index>.<field>`, as src/forms/use-form.ts focuses them. */
  readonly formId: string
  /** Show the builder rules' messages (after the first attempt to save, as every form of the app does). */
  readonly showErrors: boolean
  /** Messages the server gave for these fields (a 105 answer), by the same paths. */
  readonly serverErrors?: Readonly<Record<string, string>>
  readonly path?: string
  /** The questions as stored, when editing: one made before a newer builder rule passes while unchanged. */
  readonly kept?: ReadonlyArray<Question>
}

const noQuestions: ReadonlyArray<Question> = []

/**
 * A homework's or exam's questions: add one of any type, change its type, move it up or down,
 * remove it; the total degree (the sum of the questions' degrees) is always in sight.
 */
export function QuestionListEditor({
  drafts,
  onChange,
  formId,
  showErrors,
  serverErrors = {},
  path = 'questions',
  kept = noQuestions,
}: QuestionListEditorProps) {
  const t = useT()
  const { locale } = useI18n()
  const [newType, setNewType] = useState<QuestionTypeCode>(questionTypeOrder[0]!)
  const [announcement, setAnnouncement] = useState('')
  const errors = useMemo(
    () => ({ ...serverErrors, ...(showErrors ? issuesToFields(checkQuestions(drafts, path, kept), locale) : {}) }),
    [drafts, path, locale, showErrors, serverErrors, kept],
  )
  const fields = useMemo<EditorFields>(() => ({ idOf: (field) => `${formId}-${field}`, errorOf: (field) => errors[field] }), [formId, errors])
  const typeOptions = useMemo(() => questionTypeOrder.map((type) => ({ value: String(type), label: t(typeLabels[type]) })), [t])
  const replace = (index: number, draft: QuestionDraft) => onChange(drafts.map((entry, at) => (at === index ? draft : entry)))
  const move = (index: number, to: number) => {
    onChange(moveEntry(drafts, index, to))
    setAnnouncement(t('questions.list.moved', { number: to + 1 }))
    // The moved question's button keeps the focus: find it again at its new place.
    requestAnimationFrame(() => document.getElementById(`${formId}-${join(path, to)}-${to > index ? 'down' : 'up'}`)?.focus())
  }
  return (
    <EditorFieldsProvider value={fields}>
      <section
        aria-labelledby={`${formId}-questions-title`}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
        data-testid="question-list"
      >
        <header className={css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
          <h2 id={`${formId}-questions-title`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {t('questions.list.title')}{' '}
            <span className={css({ color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm' })}>({t('questions.list.count', { count: drafts.length })})</span>
          </h2>
          <p className={css({ fontWeight: 'semibold', color: 'accent.emphasis' })} data-testid="question-total" aria-live="polite">
            {t('questions.list.total', { total: totalDegree(drafts) })}
          </p>
        </header>
        {drafts.length === 0 ? <p className={css({ color: 'fg.muted' })}>{t('questions.list.empty')}</p> : null}
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {drafts.map((draft, index) => {
            const number = index + 1
            const questionPath = join(path, index)
            return (
              <li
                key={draft.id}
                className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
                data-testid="question-card"
                data-type={draft.type}
              >
                <div className={css({ display: 'flex', alignItems: 'flex-end', gap: '2', flexWrap: 'wrap' })}>
                  <h3 className={css({ fontWeight: 'semibold', flex: '1', minWidth: '8rem', alignSelf: 'center' })}>
                    {t('questions.list.number', { number })}
                  </h3>
                  <div className={css({ width: { base: 'full', sm: '16rem' } })}>
                    <Select
                      label={t('questions.editor.type')}
                      options={typeOptions}
                      value={String(draft.type)}
                      onValueChange={(value) => replace(index, retype(draft, Number(value) as QuestionTypeCode))}
                      testId="question-type"
                    />
                  </div>
                  <div className={css({ display: 'flex', gap: '1' })}>
                    <Button
                      id={`${formId}-${questionPath}-up`}
                      variant="ghost"
                      className={iconButton}
                      aria-label={t('questions.list.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <span aria-hidden>↑</span>
                    </Button>
                    <Button
                      id={`${formId}-${questionPath}-down`}
                      variant="ghost"
                      className={iconButton}
                      aria-label={t('questions.list.moveDown', { number })}
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <span aria-hidden>↓</span>
                    </Button>
                    <Button
                      variant="ghost"
                      className={iconButton}
                      aria-label={t('questions.list.remove', { number })}
                      onClick={() => onChange(drafts.filter((_, at) => at !== index))}
                      data-testid="question-remove"
                    >
                      <CloseIcon />
                    </Button>
                  </div>
                </div>
                <QuestionEditor draft={draft} path={questionPath} onChange={(next) => replace(index, next)} />
              </li>
            )
          })}
        </ol>
        <div className={css({ display: 'flex', alignItems: 'flex-end', gap: '2', flexWrap: 'wrap' })}>
          <div className={css({ width: { base: 'full', sm: '16rem' } })}>
            <Select
              label={t('questions.list.newType')}
              options={typeOptions}
              value={String(newType)}
              onValueChange={(value) => setNewType(Number(value) as QuestionTypeCode)}
              testId="question-new-type"
            />
          </div>
          <Button
            variant="outline"
            data-testid="question-add"
            onClick={() => {
              onChange([...drafts, newDraft(newType)])
              setAnnouncement(t('questions.list.added', { number: drafts.length + 1 }))
              requestAnimationFrame(() => document.getElementById(`${formId}-${join(join(path, drafts.length), 'header')}`)?.focus())
            }}
          >
            {t('questions.list.add')}
          </Button>
        </div>
        <p role="status" className={css({ srOnly: true })}>
          {announcement}
        </p>
      </section>
    </EditorFieldsProvider>
  )
}
