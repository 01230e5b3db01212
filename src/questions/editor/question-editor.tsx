import { css } from 'styled-system/css'
import type { QuestionDraft } from '../../../contracts/questions/builder-rules.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { useT } from '../../i18n/intl.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { allFormats } from '../answer-files.ts'
import { defaultRecordingSeconds } from '../answer/audio-limits.ts'
import { ChoiceEditor, TrueFalseEditor } from './choice-editor.tsx'
import { CompleteEditor } from './complete-editor.tsx'
import { ConnectEditor } from './connect-editor.tsx'
import { DegreeField } from './degree-field.tsx'
import { join, useEditorFields } from './editor-context.tsx'
import { ItemsEditor } from './items-editor.tsx'
import { help } from './styles.ts'

/** One question of any type: its header and degree, then what its type needs. Messages come from contracts' builder rules. */
export function QuestionEditor({ draft, path, onChange }: { draft: QuestionDraft; path: string; onChange: (draft: QuestionDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  const header = join(path, 'header')
  const degree = join(path, 'degree')
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 12rem' }, gap: '3', alignItems: 'start' })}>
        <TextArea
          id={idOf(header)}
          label={t(draft.type === QuestionType.trueFalse ? 'questions.editor.statement' : 'questions.editor.header')}
          value={draft.header}
          onValueChange={(text) => onChange({ ...draft, header: text })}
          error={errorOf(header)}
          testId="question-header"
        />
        <DegreeField id={idOf(degree)} value={draft.degree} onChange={(value) => onChange({ ...draft, degree: value })} error={errorOf(degree)} />
      </div>
      <TypeParts draft={draft} path={path} onChange={onChange} />
      {draft.type === QuestionType.fileUpload ? <p className={help}>{t('questions.editor.fileHint', { formats: allFormats() })}</p> : null}
      {draft.type === QuestionType.audioRecording ? <p className={help}>{t('questions.editor.audioHint', { minutes: defaultRecordingSeconds / 60 })}</p> : null}
    </div>
  )
}

function TypeParts({ draft, path, onChange }: { draft: QuestionDraft; path: string; onChange: (draft: QuestionDraft) => void }) {
  const t = useT()
  const { idOf, errorOf } = useEditorFields()
  switch (draft.type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice:
      return <ChoiceEditor draft={draft} path={path} onChange={onChange} />
    case QuestionType.trueFalse:
      return <TrueFalseEditor draft={draft} path={path} onChange={onChange} />
    case QuestionType.rearrange:
      return <ItemsEditor draft={draft} path={path} onChange={onChange} />
    case QuestionType.connect:
      return <ConnectEditor draft={draft} path={path} onChange={onChange} />
    case QuestionType.complete:
      return <CompleteEditor draft={draft} path={path} onChange={onChange} />
    case QuestionType.paragraph:
    case QuestionType.smallParagraph: {
      const field = join(path, 'modelAnswer')
      return (
        <>
          <p className={help}>{t('questions.editor.manualHint')}</p>
          <TextArea
            id={idOf(field)}
            label={t('questions.editor.modelAnswer')}
            value={draft.modelAnswer ?? ''}
            onValueChange={(text) => {
              const { modelAnswer: _dropped, ...rest } = draft
              onChange(text === '' ? rest : { ...rest, modelAnswer: text })
            }}
            error={errorOf(field)}
          />
        </>
      )
    }
    case QuestionType.fileUpload:
    case QuestionType.audioRecording:
      return null
  }
}
