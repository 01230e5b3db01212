import { css } from 'styled-system/css'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'
import type { GapMatching } from '../../../contracts/questions/normalise.ts'
import type { MessageId } from '../../i18n/message-ids.ts'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { Switch } from '../../ui/switch.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { newKey } from '../drafts.ts'
import { join, useEditorFields } from './editor-context.tsx'
import { group, groupError, help, iconButton, legend, row } from './styles.ts'
import { QuotedText } from '../../ui/user-text.tsx'

type CompleteDraft = Extract<QuestionDraft, { readonly type: 7 }>
type Segment = CompleteDraft['body'][number]

/** The normalisation switches, in the order the README's table gives them. */
const switches: ReadonlyArray<{ readonly key: keyof GapMatching; readonly label: MessageId; readonly hint: MessageId }> = [
  { key: 'spaces', label: 'questions.matching.spaces', hint: 'questions.matching.spacesHint' },
  { key: 'letterCase', label: 'questions.matching.letterCase', hint: 'questions.matching.letterCaseHint' },
  { key: 'tashkeel', label: 'questions.matching.tashkeel', hint: 'questions.matching.tashkeelHint' },
  { key: 'alef', label: 'questions.matching.alef', hint: 'questions.matching.alefHint' },
  { key: 'finalYaa', label: 'questions.matching.finalYaa', hint: 'questions.matching.finalYaaHint' },
  { key: 'taaMarbuta', label: 'questions.matching.taaMarbuta', hint: 'questions.matching.taaMarbutaHint' },
  { key: 'digits', label: 'questions.matching.digits', hint: 'questions.matching.digitsHint' },
]

/** Complete: the text in parts with gaps between, each gap's accepted answers, and how answers are compared. */
export function CompleteEditor({ draft, path, onChange }: { draft: CompleteDraft; path: string; onChange: (draft: CompleteDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const field = join(path, 'body')
  const setBody = (body: ReadonlyArray<Segment>) => onChange({ ...draft, body })
  const replace = (index: number, segment: Segment) => setBody(draft.body.map((entry, at) => (at === index ? segment : entry)))
  const gapCount = draft.body.filter((segment) => segment.kind === 'gap').length
  let texts = 0
  let gaps = 0
  const bodyError = errorOf(field)
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <fieldset className={group} id={idOf(field)} tabIndex={-1}>
        <legend className={legend}>{t('questions.editor.body')}</legend>
        <p className={help}>{t('questions.editor.bodyHelp')}</p>
        {draft.body.map((segment, index) => {
          const segmentPath = join(field, index)
          if (segment.kind === 'text') {
            const number = (texts += 1)
            return (
              <div key={`text-${index}`} className={row}>
                <TextArea
                  id={idOf(join(segmentPath, 'text'))}
                  label={t('questions.editor.text', { number })}
                  value={segment.text}
                  rows={2}
                  onValueChange={(text) => replace(index, { ...segment, text })}
                  error={errorOf(join(segmentPath, 'text'))}
                  testId="question-text-part"
                />
                <Button
                  variant="ghost"
                  className={iconButton}
                  aria-label={t('questions.editor.removeText', { number })}
                  onClick={() => setBody(draft.body.filter((_, at) => at !== index))}
                >
                  <CloseIcon />
                </Button>
              </div>
            )
          }
          const number = (gaps += 1)
          const answersPath = join(segmentPath, 'answers')
          return (
            <fieldset key={segment.id} className={group} data-testid="question-gap" id={idOf(answersPath)} tabIndex={-1}>
              <legend className={legend}>{t('questions.editor.gap', { number })}</legend>
              {segment.answers.map((answer, alternative) => (
                <div key={alternative} className={row}>
                  <TextField
                    id={idOf(join(answersPath, alternative))}
                    label={alternative === 0 ? t('questions.editor.gapAnswer', { number }) : t('questions.editor.gapAlternative', { number: alternative })}
                    value={answer}
                    onValueChange={(text) => replace(index, { ...segment, answers: segment.answers.map((entry, at) => (at === alternative ? text : entry)) })}
                    error={errorOf(join(answersPath, alternative))}
                    dir="auto"
                    data-testid="question-gap-answer"
                  />
                  {alternative > 0 ? (
                    <Button
                      variant="ghost"
                      className={iconButton}
                      aria-label={t('questions.editor.removeAlternative', { number: alternative })}
                      onClick={() => replace(index, { ...segment, answers: segment.answers.filter((_, at) => at !== alternative) })}
                    >
                      <CloseIcon />
                    </Button>
                  ) : null}
                </div>
              ))}
              {errorOf(answersPath) ? <p className={groupError}>{errorOf(answersPath)}</p> : null}
              <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={segment.answers.length >= questionLimits.maxAlternatives}
                  onClick={() => replace(index, { ...segment, answers: [...segment.answers, ''] })}
                  data-testid="question-add-alternative"
                >
                  {t('questions.editor.addAlternative')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setBody(draft.body.filter((_, at) => at !== index))}>
                  {t('questions.editor.removeGap', { number })}
                </Button>
              </div>
            </fieldset>
          )
        })}
        {bodyError ? <p className={groupError}>{bodyError}</p> : null}
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" size="sm" onClick={() => setBody([...draft.body, { kind: 'text', text: '' }])} data-testid="question-add-text">
            {t('questions.editor.addText')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={gapCount >= questionLimits.maxGaps}
            onClick={() => setBody([...draft.body, { kind: 'gap', id: newKey(), answers: [''] }])}
            data-testid="question-add-gap"
          >
            {t('questions.editor.addGap')}
          </Button>
        </div>
      </fieldset>
      <fieldset className={group} data-testid="question-matching">
        <legend className={legend}>{t('questions.editor.matching')}</legend>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '1' })}>
          {switches.map(({ key, label, hint }) => (
            <Switch
              key={key}
              checked={draft.matching[key]}
              onCheckedChange={(on) => onChange({ ...draft, matching: { ...draft.matching, [key]: on } })}
              label={t(label)}
              hint={<QuotedText text={t(hint)} />}
              testId={`question-matching-${key}`}
            />
          ))}
        </div>
      </fieldset>
    </div>
  )
}
