import { css } from 'styled-system/css'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { moveEntry, newKey } from '../drafts.ts'
import { join, useEditorFields } from './editor-context.tsx'
import { group, groupError, help, iconButton, legend, row } from './styles.ts'

type RearrangeDraft = Extract<QuestionDraft, { readonly type: 6 }>

/** Re-arrange: the items in their right order; up/down buttons reorder them (the keyboard's way, no dragging needed). */
export function ItemsEditor({ draft, path, onChange }: { draft: RearrangeDraft; path: string; onChange: (draft: RearrangeDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const field = join(path, 'items')
  const setItems = (items: RearrangeDraft['items']) => onChange({ ...draft, items })
  const listError = errorOf(field)
  return (
    <fieldset className={group} id={idOf(field)} tabIndex={-1}>
      <legend className={legend}>{t('questions.editor.items')}</legend>
      <p className={help}>{t('questions.editor.itemsHelp')}</p>
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {draft.items.map((item, index) => {
          const number = index + 1
          return (
            <li key={item.id} className={row} data-testid="question-item">
              <TextField
                id={idOf(join(field, `${index}.text`))}
                label={t('questions.editor.item', { number })}
                value={item.text}
                onValueChange={(text) => setItems(draft.items.map((entry, at) => (at === index ? { ...entry, text } : entry)))}
                error={errorOf(join(field, `${index}.text`))}
                dir="auto"
              />
              <Button
                variant="ghost"
                className={iconButton}
                aria-label={t('questions.editor.moveItemUp', { number })}
                disabled={index === 0}
                onClick={() => setItems(moveEntry(draft.items, index, index - 1))}
              >
                <span aria-hidden>↑</span>
              </Button>
              <Button
                variant="ghost"
                className={iconButton}
                aria-label={t('questions.editor.moveItemDown', { number })}
                disabled={index === draft.items.length - 1}
                onClick={() => setItems(moveEntry(draft.items, index, index + 1))}
              >
                <span aria-hidden>↓</span>
              </Button>
              <Button
                variant="ghost"
                className={iconButton}
                aria-label={t('questions.editor.removeItem', { number })}
                disabled={draft.items.length <= 1}
                onClick={() => setItems(draft.items.filter((_, at) => at !== index))}
              >
                <CloseIcon />
              </Button>
            </li>
          )
        })}
      </ol>
      {listError ? <p className={groupError}>{listError}</p> : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={draft.items.length >= questionLimits.maxItems}
          onClick={() => setItems([...draft.items, { id: newKey(), text: '' }])}
          data-testid="question-add-item"
        >
          {t('questions.editor.addItem')}
        </Button>
      </div>
    </fieldset>
  )
}
