import { css } from 'styled-system/css'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import type { ChoiceOption } from '../../../contracts/questions/choice.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { Checkbox } from '../../ui/checkbox.tsx'
import { TextField } from '../../ui/field.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { RadioGroup } from '../../ui/radio-group.tsx'
import { newKey } from '../drafts.ts'
import { join, useEditorFields } from './editor-context.tsx'
import { group, groupError, help, iconButton, legend, row } from './styles.ts'

type ChoiceDraft = Extract<QuestionDraft, { readonly type: 1 | 2 }>
type TrueFalseDraft = Extract<QuestionDraft, { readonly type: 3 }>

/** Options of a multiple (any number right) or single (exactly one right) choice question. */
export function ChoiceEditor({ draft, path, onChange }: { draft: ChoiceDraft; path: string; onChange: (draft: ChoiceDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const single = draft.type === QuestionType.singleChoice
  const field = join(path, 'options')
  const setOptions = (options: ReadonlyArray<ChoiceOption>) => onChange({ ...draft, options })
  const update = (index: number, change: Partial<ChoiceOption>) =>
    setOptions(
      draft.options.map((option, at) => (at === index ? { ...option, ...change } : single && change.correct === true ? { ...option, correct: false } : option)),
    )
  const listError = errorOf(field)
  return (
    <fieldset className={group} id={idOf(field)} tabIndex={-1} aria-describedby={listError ? `${idOf(field)}-error` : undefined}>
      <legend className={legend}>{t('questions.editor.options')}</legend>
      <p className={help}>{t(single ? 'questions.editor.optionsHelpSingle' : 'questions.editor.optionsHelpMultiple')}</p>
      {draft.options.map((option, index) => {
        const number = index + 1
        return (
          <div key={option.id} className={row} data-testid="question-option">
            <TextField
              id={idOf(join(field, `${index}.text`))}
              label={t('questions.editor.option', { number })}
              value={option.text}
              onValueChange={(text) => update(index, { text })}
              error={errorOf(join(field, `${index}.text`))}
              dir="auto"
            />
            <Checkbox
              checked={option.correct}
              onCheckedChange={(correct) => update(index, { correct })}
              testId="question-option-correct"
              className={css({ flexShrink: 0, minHeight: { base: '11', md: '10' } })}
            >
              {t('questions.editor.optionCorrect', { number })}
            </Checkbox>
            <Button
              variant="ghost"
              className={iconButton}
              aria-label={t('questions.editor.removeOption', { number })}
              disabled={draft.options.length <= 1}
              onClick={() => setOptions(draft.options.filter((_, at) => at !== index))}
            >
              <CloseIcon />
            </Button>
          </div>
        )
      })}
      {listError ? (
        <p id={`${idOf(field)}-error`} className={groupError} data-testid="question-options-error">
          {listError}
        </p>
      ) : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={draft.options.length >= questionLimits.maxItems}
          onClick={() => setOptions([...draft.options, { id: newKey(), text: '', correct: false }])}
          data-testid="question-add-option"
        >
          {t('questions.editor.addOption')}
        </Button>
      </div>
    </fieldset>
  )
}

/** Whether the statement (the header) is true. */
export function TrueFalseEditor({ draft, path, onChange }: { draft: TrueFalseDraft; path: string; onChange: (draft: TrueFalseDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const field = join(path, 'correct')
  return (
    <RadioGroup
      id={idOf(field)}
      label={t('questions.editor.statementIs')}
      orientation="horizontal"
      value={draft.correct === null ? null : String(draft.correct)}
      onValueChange={(value) => onChange({ ...draft, correct: value === 'true' })}
      error={errorOf(field)}
      options={[
        { value: 'true', label: t('questions.editor.true'), testId: 'question-true' },
        { value: 'false', label: t('questions.editor.false'), testId: 'question-false' },
      ]}
    />
  )
}
