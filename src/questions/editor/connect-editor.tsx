import { css } from 'styled-system/css'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { newKey } from '../drafts.ts'
import { join, useEditorFields } from './editor-context.tsx'
import { group, groupError, help, iconButton, legend } from './styles.ts'

type ConnectDraft = Extract<QuestionDraft, { readonly type: 8 }>
type Pair = ConnectDraft['pairs'][number]

/** Connect: each item written beside the one it matches (a row with one side empty is "not matched"). */
export function ConnectEditor({ draft, path, onChange }: { draft: ConnectDraft; path: string; onChange: (draft: ConnectDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const field = join(path, 'pairs')
  const setPairs = (pairs: ReadonlyArray<Pair>) => onChange({ ...draft, pairs })
  const setSide = (index: number, side: 'left' | 'right', text: string) =>
    setPairs(draft.pairs.map((pair, at) => (at === index ? { ...pair, [side]: { ...pair[side], text } } : pair)))
  const listError = errorOf(field)
  return (
    <fieldset className={group} id={idOf(field)} tabIndex={-1}>
      <legend className={legend}>{t('questions.editor.pairs')}</legend>
      <p className={help}>{t('questions.editor.pairsHelp')}</p>
      {draft.pairs.map((pair, index) => {
        const number = index + 1
        return (
          <div
            key={pair.left.id}
            data-testid="question-pair"
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr auto', sm: '1fr 1fr auto' }, gap: '2', alignItems: 'end' })}
          >
            <TextField
              id={idOf(join(field, `${index}.left.text`))}
              label={t('questions.editor.pairLeft', { number })}
              value={pair.left.text}
              onValueChange={(text) => setSide(index, 'left', text)}
              error={errorOf(join(field, `${index}.left.text`))}
              dir="auto"
            />
            <TextField
              id={idOf(join(field, `${index}.right.text`))}
              label={t('questions.editor.pairRight', { number })}
              value={pair.right.text}
              onValueChange={(text) => setSide(index, 'right', text)}
              error={errorOf(join(field, `${index}.right.text`))}
              dir="auto"
              className={css({ gridColumn: { base: '1', sm: 'auto' }, gridRow: { base: '2', sm: 'auto' } })}
            />
            <Button
              variant="ghost"
              className={iconButton}
              aria-label={t('questions.editor.removePair', { number })}
              disabled={draft.pairs.length <= 1}
              onClick={() => setPairs(draft.pairs.filter((_, at) => at !== index))}
            >
              <CloseIcon />
            </Button>
          </div>
        )
      })}
      {listError ? <p className={groupError}>{listError}</p> : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={draft.pairs.length >= questionLimits.maxItems}
          onClick={() => setPairs([...draft.pairs, { left: { id: newKey(), text: '' }, right: { id: newKey(), text: '' } }])}
          data-testid="question-add-pair"
        >
          {t('questions.editor.addPair')}
        </Button>
      </div>
    </fieldset>
  )
}
